import { Stars } from "./stars";

/** A product's published reviews in one line: the average's stars and the count, or that there are none yet. */
export function StarRating({ rating, reviewCount }: { rating: number; reviewCount: number }) {
  if (reviewCount === 0) return <p className="text-xs text-ink-muted">No reviews yet</p>;
  return (
    <p className="flex items-center gap-1 text-xs text-ink-muted">
      <Stars rating={rating} className="h-3.5" />
      <span>
        {rating.toFixed(1)} ({reviewCount}
        <span className="sr-only"> {reviewCount === 1 ? "review" : "reviews"}</span>)
      </span>
    </p>
  );
}
