import { useState } from "react";
import type { ReviewSort } from "../../../shared/reviews";
import type { ReviewPage } from "../../../server/reviews/review-types";
import { HowReviewsWork } from "./how-reviews-work";
import { ReviewItem } from "./review-item";
import { ReviewSummaryPanel } from "./review-summary";
import { type ReviewQuery, useReviewPage } from "./use-review-page";
import { WriteReview } from "./write-review";

const SORTS: { value: ReviewSort; label: string }[] = [
  { value: "newest", label: "Newest" },
  { value: "highest", label: "Highest rated" },
  { value: "lowest", label: "Lowest rated" },
];

/**
 * The product page's reviews: the summary, the buyer's own review or form, and the list, sorted, filtered and paged.
 * `reader` is the signed-in shopper's id (null for nobody): the page passes it so that the reviews render again for
 * them (the product page's island wakes on it); the form reads the shopper itself.
 */
export function ProductReviews({ productId, productName, initial }: { productId: number; productName: string; initial: ReviewPage; reader?: string | null }) {
  const [query, setQuery] = useState<ReviewQuery>({ sort: "newest", page: 1 });
  const { data, isFetching, reload } = useReviewPage(productId, query, initial);
  const shown = query.rating ? `${data.total} ${data.total === 1 ? "review" : "reviews"} with ${query.rating} ${query.rating === 1 ? "star" : "stars"}` : null;
  return (
    <section id="reviews" aria-labelledby="reviews-heading" className="scroll-mt-24 border-t border-line pt-10 lg:col-span-2">
      <h2 id="reviews-heading" className="font-display text-2xl font-bold tracking-tight">
        Reviews
      </h2>
      <div className="mt-6 grid gap-10 lg:grid-cols-[20rem_1fr] lg:gap-16">
        <div className="space-y-6">
          <ReviewSummaryPanel summary={data.summary} rating={query.rating} onRating={(rating) => setQuery((q) => ({ ...q, rating, page: 1 }))} />
          <WriteReview productId={productId} productName={productName} onChanged={reload} />
          <HowReviewsWork />
        </div>
        {data.summary.count > 0 && (
          <div aria-busy={isFetching}>
            <div className="flex flex-wrap items-center justify-between gap-3 pb-4">
              <p className="text-sm text-ink-muted" aria-live="polite">
                {shown ?? `Showing ${data.reviews.length} of ${data.total}`}
                {query.rating && (
                  <button type="button" className="ml-2 font-semibold text-ink underline" onClick={() => setQuery((q) => ({ ...q, rating: undefined, page: 1 }))}>
                    Show all
                  </button>
                )}
              </p>
              <label className="flex items-center gap-2 text-sm text-ink-muted">
                Sort by
                <select
                  value={query.sort}
                  onChange={(e) => setQuery((q) => ({ ...q, sort: e.target.value as ReviewSort, page: 1 }))}
                  className="h-10 rounded-full border border-line bg-surface px-4 text-sm font-medium text-ink focus:border-ink"
                >
                  {SORTS.map((s) => (
                    <option key={s.value} value={s.value}>
                      {s.label}
                    </option>
                  ))}
                </select>
              </label>
            </div>
            <div className="border-t border-line pt-6">
              {data.reviews.map((review) => (
                <ReviewItem key={review.id} review={review} />
              ))}
            </div>
            {data.pageCount > 1 && (
              <nav aria-label="Review pages" className="flex items-center justify-between gap-3 pt-4 text-sm">
                <button type="button" disabled={query.page <= 1} onClick={() => setQuery((q) => ({ ...q, page: q.page - 1 }))} className="h-10 rounded-full border border-line px-4 font-semibold disabled:opacity-40">
                  Previous
                </button>
                <span className="text-ink-muted">
                  Page {data.page} of {data.pageCount}
                </span>
                <button type="button" disabled={query.page >= data.pageCount} onClick={() => setQuery((q) => ({ ...q, page: q.page + 1 }))} className="h-10 rounded-full border border-line px-4 font-semibold disabled:opacity-40">
                  Next
                </button>
              </nav>
            )}
          </div>
        )}
      </div>
    </section>
  );
}
