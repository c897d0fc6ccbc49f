import { count, desc, asc, eq } from "drizzle-orm";
import { recordAudit } from "../audit/audit-log";
import type { Database } from "../db/client";
import { orders, products, reviews, users, REVIEW_STATUSES, type ReviewRow, type ReviewStatus } from "../db/schema";
import { AppError } from "../errors";
import { refreshProductRating, toOwnReview } from "./review-rows";
import type { OwnReview } from "./review-types";

const PAGE_SIZE = 20;

export interface StaffReview extends OwnReview {
  productName: string;
  authorEmail: string;
  orderNumber: string | null;
  moderatedBy: string | null;
}

export interface StaffReviewList {
  reviews: StaffReview[];
  counts: Record<ReviewStatus, number>;
  page: number;
  pageCount: number;
}

function selectStaffReviews(db: Database) {
  return db
    .select({ review: reviews, productName: products.name, authorEmail: users.email, orderNumber: orders.orderNumber })
    .from(reviews)
    .innerJoin(products, eq(products.id, reviews.productId))
    .innerJoin(users, eq(users.id, reviews.userId))
    .leftJoin(orders, eq(orders.id, reviews.orderId));
}

function toStaffReview({ review, ...rest }: { review: ReviewRow; productName: string; authorEmail: string; orderNumber: string | null }): StaffReview {
  return { ...toOwnReview(review), ...rest, moderatedBy: review.moderatedBy };
}

/** The moderation queue: pending reviews oldest first (first come, first served); published and rejected newest first. */
export async function listStaffReviews({ db, status, page }: { db: Database; status: ReviewStatus; page: number }): Promise<StaffReviewList> {
  const [rows, totals] = await Promise.all([
    selectStaffReviews(db)
      .where(eq(reviews.status, status))
      .orderBy(status === "pending" ? asc(reviews.updatedAt) : desc(reviews.updatedAt), asc(reviews.id))
      .limit(PAGE_SIZE)
      .offset((page - 1) * PAGE_SIZE),
    db.select({ status: reviews.status, n: count() }).from(reviews).groupBy(reviews.status),
  ]);
  const counts = Object.fromEntries(REVIEW_STATUSES.map((s) => [s, totals.find((t) => t.status === s)?.n ?? 0])) as Record<ReviewStatus, number>;
  return {
    reviews: rows.map(toStaffReview),
    counts,
    page,
    pageCount: Math.max(1, Math.ceil(counts[status] / PAGE_SIZE)),
  };
}

type Moderation = { db: Database; now: Date; id: string; actor: string };

/** Locks the review, applies the change, keeps the product's rating in step and writes the audit entry, in one transaction. */
async function moderate({ db, now, id, actor }: Moderation, action: string, change: (before: ReviewRow) => Partial<ReviewRow>): Promise<{ before: ReviewRow; after: ReviewRow }> {
  return db.transaction(async (tx) => {
    const t = tx as unknown as Database;
    const [before] = await t.select().from(reviews).where(eq(reviews.id, id)).for("update");
    if (!before) throw new AppError("not_found", "Review not found");
    const [after] = await t.update(reviews).set({ ...change(before), moderatedBy: actor }).where(eq(reviews.id, id)).returning();
    if (before.status === "published" || after!.status === "published") await refreshProductRating(t, before.productId);
    const snapshot = (r: ReviewRow) => ({ status: r.status, rejectReason: r.rejectReason, reply: r.reply });
    await recordAudit(t, { actor, entity: "review", entityId: id, productId: before.productId, action, before: snapshot(before), after: snapshot(after!) }, now);
    return { before, after: after! };
  });
}

/** On the page whatever its rating: staff reject only for abuse, personal details, or not being about the product. */
export async function publishReview(args: Moderation) {
  return moderate(args, "publish", (before) => ({ status: "published", rejectReason: null, publishedAt: before.status === "published" ? before.publishedAt : args.now }));
}

export async function rejectReview(args: Moderation & { reason: string }) {
  return moderate(args, "reject", () => ({ status: "rejected", rejectReason: args.reason, publishedAt: null }));
}

/** The store's public answer under the review; an empty one takes it down. */
export async function replyToReview(args: Moderation & { reply: string }) {
  return moderate(args, args.reply ? "reply" : "remove reply", () => ({ reply: args.reply || null, repliedAt: args.reply ? args.now : null }));
}

/** One review as staff see it, after a change. */
export async function getStaffReview(db: Database, id: string): Promise<StaffReview> {
  const [row] = await selectStaffReviews(db).where(eq(reviews.id, id));
  if (!row) throw new AppError("not_found", "Review not found");
  return toStaffReview(row);
}
