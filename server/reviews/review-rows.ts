import { sql } from "drizzle-orm";
import { noteChangedProducts } from "../cache/catalog-changes";
import type { Database } from "../db/client";
import type { ReviewRow } from "../db/schema";
import type { OwnReview, Review } from "./review-types";

/** products.rating and review_count from the product's published reviews; call it in the transaction that changes one. */
export async function refreshProductRating(db: Pick<Database, "execute">, productId: number): Promise<void> {
  await db.execute(sql`
    update products set
      rating = coalesce((select round(avg(rating), 1) from reviews where product_id = ${productId} and status = 'published'), 0),
      review_count = (select count(*) from reviews where product_id = ${productId} and status = 'published')
    where id = ${productId}`);
  noteChangedProducts([productId], "rating");
}

/** "Maya R.": a first name and the last name's initial, as reviews are signed. */
export function reviewerName(fullName: string): string {
  const words = fullName.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return "A customer";
  const first = words[0]!.slice(0, 40);
  return words.length > 1 ? `${first} ${words.at(-1)![0]!.toUpperCase()}.` : first;
}

export function toReview(row: ReviewRow): Review {
  return {
    id: row.id,
    rating: row.rating,
    title: row.title,
    body: row.body,
    fit: row.fit,
    size: row.size,
    color: row.color,
    author: row.authorName,
    verifiedPurchase: true,
    date: (row.publishedAt ?? row.updatedAt).toISOString(),
    reply: row.reply && row.repliedAt ? { text: row.reply, at: row.repliedAt.toISOString() } : null,
  };
}

export function toOwnReview(row: ReviewRow): OwnReview {
  const { verifiedPurchase: _v, ...review } = toReview(row);
  return { ...review, productId: row.productId, status: row.status, rejectReason: row.rejectReason };
}
