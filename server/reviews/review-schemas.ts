import { z } from "zod";
import { FITS, REVIEW_LIMITS, REVIEW_SORTS } from "../../shared/reviews";
import { REVIEW_STATUSES } from "../db/schema";


const words = (max: number) => z.string().trim().min(1, "must not be empty").max(max, `must be at most ${max} characters`);

/** A buyer's review: POST /api/products/{id}/reviews, and PUT /api/reviews/{id} to edit it. */
export const reviewSchema = z
  .object({
    rating: z.number("must be a whole number from 1 to 5").int("must be a whole number from 1 to 5").min(1, "must be from 1 to 5").max(5, "must be from 1 to 5"),
    title: words(REVIEW_LIMITS.title),
    body: words(REVIEW_LIMITS.body),
    fit: z.enum(FITS, "must be small, true or large").nullable().default(null),
  })
  .strict();
export type ReviewInput = z.infer<typeof reviewSchema>;

/** GET /api/products/{id}/reviews?sort=&rating=&page= */
export const reviewListQuerySchema = z
  .object({
    sort: z.enum(REVIEW_SORTS, "must be newest, highest or lowest").default("newest"),
    rating: z.coerce.number().int().min(1, "must be from 1 to 5").max(5, "must be from 1 to 5").optional(),
    page: z.coerce.number().int().min(1, "must be at least 1").max(10_000, "is too large").default(1),
  })
  .strict();
export type ReviewListQuery = z.infer<typeof reviewListQuerySchema>;

/** GET /api/admin/reviews?status=&page= */
export const staffReviewQuerySchema = z
  .object({
    status: z.enum(REVIEW_STATUSES, "must be pending, published or rejected").default("pending"),
    page: z.coerce.number().int().min(1, "must be at least 1").max(10_000, "is too large").default(1),
  })
  .strict();

export const rejectReviewSchema = z.object({ reason: words(REVIEW_LIMITS.reason) }).strict();
/** An empty reply takes the store's reply down. */
export const replyReviewSchema = z.object({ reply: z.string().trim().max(REVIEW_LIMITS.reply, `must be at most ${REVIEW_LIMITS.reply} characters`) }).strict();
