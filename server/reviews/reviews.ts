import { and, asc, count, desc, eq, lt, or, sql } from "drizzle-orm";
import { FITS, summarizeFit, type Fit, type FitSummary } from "../../shared/reviews";
import type { Database } from "../db/client";
import { pgErrorCode } from "../db/rows";
import { orderItems, orders, products, reviews, users, type UserRow } from "../db/schema";
import { AppError } from "../errors";
import { refreshProductRating, reviewerName, toOwnReview, toReview } from "./review-rows";
import type { ReviewInput, ReviewListQuery } from "./review-schemas";
import type { OwnReview, ReviewEligibility, ReviewPage, ReviewSummary } from "./review-types";

export const REVIEW_PAGE_SIZE = 5;

const NOT_BOUGHT = "Only shoppers who bought this product and received it can review it.";
const STAFF = "Staff accounts can't review products.";

type Buyer = Pick<UserRow, "id" | "email" | "emailVerifiedAt" | "role" | "name">;

/**
 * The buyer's latest delivered order with this product, a line of it not wholly refunded. Their own orders, and guest
 * orders placed with their email once they have proved it is theirs.
 */
async function findPurchase(db: Database, buyer: Buyer, productId: number) {
  const mine = buyer.emailVerifiedAt ? or(eq(orders.userId, buyer.id), eq(sql`lower(${orders.email})`, buyer.email.toLowerCase())) : eq(orders.userId, buyer.id);
  const [purchase] = await db
    .select({ orderId: orders.id, orderNumber: orders.orderNumber, size: orderItems.size, color: orderItems.color })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(and(eq(orderItems.productId, productId), eq(orders.status, "delivered"), lt(orderItems.refundedQuantity, orderItems.quantity), mine))
    .orderBy(desc(orders.createdAt))
    .limit(1);
  return purchase ?? null;
}

async function findBuyer(db: Database, userId: string): Promise<Buyer> {
  const [buyer] = await db.select({ id: users.id, email: users.email, emailVerifiedAt: users.emailVerifiedAt, role: users.role, name: users.name }).from(users).where(eq(users.id, userId));
  if (!buyer) throw new AppError("unauthorized", "Sign in to review products");
  return buyer;
}

async function assertProductOnSale(db: Database, productId: number) {
  const [product] = await db.select({ id: products.id }).from(products).where(and(eq(products.id, productId), eq(products.status, "active")));
  if (!product) throw new AppError("not_found", `Product ${productId} not found`);
}

/** May the signed-in shopper review this product, and what did they write so far. */
export async function reviewEligibility({ db, userId, productId }: { db: Database; userId: string; productId: number }): Promise<ReviewEligibility> {
  await assertProductOnSale(db, productId);
  const buyer = await findBuyer(db, userId);
  const [own] = await db.select().from(reviews).where(and(eq(reviews.userId, userId), eq(reviews.productId, productId)));
  if (own) return { canReview: false, reason: null, purchase: null, review: toOwnReview(own) };
  if (buyer.role === "admin") return { canReview: false, reason: STAFF, purchase: null, review: null };
  const purchase = await findPurchase(db, buyer, productId);
  if (!purchase) return { canReview: false, reason: NOT_BOUGHT, purchase: null, review: null };
  return { canReview: true, reason: null, purchase: { size: purchase.size, color: purchase.color, orderNumber: purchase.orderNumber }, review: null };
}

/** A buyer's first review of a product: checked against a delivered order, then waiting for staff. */
export async function writeReview({ db, now, userId, productId, input }: { db: Database; now: Date; userId: string; productId: number; input: ReviewInput }): Promise<OwnReview> {
  return db.transaction(async (tx) => {
    const t = tx as unknown as Database;
    await assertProductOnSale(t, productId);
    const buyer = await findBuyer(t, userId);
    if (buyer.role === "admin") throw new AppError("forbidden", STAFF);
    const purchase = await findPurchase(t, buyer, productId);
    if (!purchase) throw new AppError("forbidden", NOT_BOUGHT);
    try {
      const [row] = await t
        .insert(reviews)
        .values({ productId, userId, orderId: purchase.orderId, size: purchase.size, color: purchase.color, ...input, authorName: reviewerName(buyer.name), createdAt: now, updatedAt: now })
        .returning();
      return toOwnReview(row!);
    } catch (error) {
      if (pgErrorCode(error) === "23505") throw new AppError("conflict", "You have already reviewed this product: edit your review instead");
      throw error;
    }
  });
}

/** The buyer changes their review; it goes back to staff, and off the page meanwhile if it was published. */
export async function editReview({ db, now, userId, reviewId, input }: { db: Database; now: Date; userId: string; reviewId: string; input: ReviewInput }): Promise<OwnReview> {
  return db.transaction(async (tx) => {
    const t = tx as unknown as Database;
    const [before] = await t.select({ status: reviews.status }).from(reviews).where(and(eq(reviews.id, reviewId), eq(reviews.userId, userId))).for("update");
    if (!before) throw new AppError("not_found", "Review not found");
    const [row] = await t
      .update(reviews)
      .set({ ...input, status: "pending", publishedAt: null, rejectReason: null, updatedAt: now })
      .where(eq(reviews.id, reviewId))
      .returning();
    if (before.status === "published") await refreshProductRating(t, row!.productId);
    return toOwnReview(row!);
  });
}

export async function deleteReview({ db, userId, reviewId }: { db: Database; userId: string; reviewId: string }): Promise<void> {
  await db.transaction(async (tx) => {
    const t = tx as unknown as Database;
    const [row] = await t.delete(reviews).where(and(eq(reviews.id, reviewId), eq(reviews.userId, userId))).returning({ productId: reviews.productId, status: reviews.status });
    if (!row) throw new AppError("not_found", "Review not found");
    if (row.status === "published") await refreshProductRating(t, row.productId);
  });
}

/** Average and count (the product's own, kept with every change), the 5-to-1 histogram and what buyers say of the fit. */
export async function reviewSummary(db: Database, productId: number): Promise<ReviewSummary> {
  const [[product], groups] = await Promise.all([
    db.select({ rating: products.rating, reviewCount: products.reviewCount }).from(products).where(eq(products.id, productId)),
    db
      .select({ rating: reviews.rating, fit: reviews.fit, n: count() })
      .from(reviews)
      .where(and(eq(reviews.productId, productId), eq(reviews.status, "published")))
      .groupBy(reviews.rating, reviews.fit),
  ]);
  const byStars = (stars: number) => groups.filter((g) => g.rating === stars).reduce((sum, g) => sum + g.n, 0);
  const byFit = (fit: Fit) => groups.filter((g) => g.fit === fit).reduce((sum, g) => sum + g.n, 0);
  const fit: FitSummary = summarizeFit(Object.fromEntries(FITS.map((f) => [f, byFit(f)])) as Record<Fit, number>);
  return {
    average: Number(product?.rating ?? 0),
    count: product?.reviewCount ?? 0,
    histogram: [5, 4, 3, 2, 1].map((stars) => ({ stars, count: byStars(stars) })),
    fit,
  };
}

const ORDER = {
  newest: [desc(reviews.publishedAt), desc(reviews.id)],
  highest: [desc(reviews.rating), desc(reviews.publishedAt), desc(reviews.id)],
  lowest: [asc(reviews.rating), desc(reviews.publishedAt), desc(reviews.id)],
} as const;

/** A page of a product's published reviews, sorted and filtered by stars, with the summary. */
export async function listProductReviews({ db, productId, query }: { db: Database; productId: number; query: ReviewListQuery }): Promise<ReviewPage> {
  await assertProductOnSale(db, productId);
  const filter = and(eq(reviews.productId, productId), eq(reviews.status, "published"), query.rating ? eq(reviews.rating, query.rating) : undefined);
  const [summary, rows] = await Promise.all([
    reviewSummary(db, productId),
    db
      .select()
      .from(reviews)
      .where(filter)
      .orderBy(...ORDER[query.sort])
      .limit(REVIEW_PAGE_SIZE)
      .offset((query.page - 1) * REVIEW_PAGE_SIZE),
  ]);
  const total = query.rating ? (summary.histogram.find((h) => h.stars === query.rating)?.count ?? 0) : summary.count;
  return { summary, reviews: rows.map(toReview), page: query.page, pageCount: Math.max(1, Math.ceil(total / REVIEW_PAGE_SIZE)), total };
}

/** What buyers say of a product's fit, for size advice; null for no such product. */
export async function productFit(db: Database, productId: number): Promise<{ name: string; fit: FitSummary } | null> {
  const [product] = await db.select({ name: products.name }).from(products).where(and(eq(products.id, productId), eq(products.status, "active")));
  if (!product) return null;
  return { name: product.name, fit: (await reviewSummary(db, productId)).fit };
}
