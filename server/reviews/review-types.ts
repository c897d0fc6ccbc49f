import type { Fit, FitSummary } from "../../shared/reviews";
import type { ReviewStatus } from "../db/schema";

/** A published review as shoppers see it. Every review comes from a checked purchase (server/reviews/reviews.ts). */
export interface Review {
  id: string;
  rating: number;
  title: string;
  body: string;
  fit: Fit | null;
  /** What the reviewer bought. */
  size: string;
  color: string;
  author: string;
  verifiedPurchase: true;
  /** When it was published; for the buyer's own unpublished review, when it was last written. */
  date: string;
  /** The store's public answer. */
  reply: { text: string; at: string } | null;
}

export interface ReviewSummary {
  /** The average of the published reviews to one decimal (the product's `rating`), 0 when there are none. */
  average: number;
  count: number;
  /** Five rows, 5 stars first. */
  histogram: { stars: number; count: number }[];
  fit: FitSummary;
}

export interface ReviewPage {
  summary: ReviewSummary;
  reviews: Review[];
  page: number;
  pageCount: number;
  /** Reviews matching the rating filter. */
  total: number;
}

/** The buyer's own review, in any state. */
export interface OwnReview extends Omit<Review, "verifiedPurchase"> {
  productId: number;
  status: ReviewStatus;
  rejectReason: string | null;
}

/** Whether the signed-in shopper may review a product, and their review when they wrote one. */
export interface ReviewEligibility {
  canReview: boolean;
  /** Why not, in words for the page. */
  reason: string | null;
  purchase: { size: string; color: string; orderNumber: string } | null;
  review: OwnReview | null;
}
