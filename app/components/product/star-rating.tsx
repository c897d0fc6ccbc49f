import { Star } from "lucide-react";

export function StarRating({ rating, reviewCount }: { rating: number; reviewCount: number }) {
  return (
    <p className="flex items-center gap-1 text-xs text-ink-muted">
      <span className="flex" aria-hidden="true">
        {[1, 2, 3, 4, 5].map((i) => (
          <Star key={i} className={i <= Math.round(rating) ? "size-3.5 fill-amber-400 text-amber-400" : "size-3.5 text-line"} />
        ))}
      </span>
      <span className="sr-only">Rated {rating} out of 5, </span>
      <span>
        {rating.toFixed(1)} ({reviewCount}
        <span className="sr-only"> reviews</span>)
      </span>
    </p>
  );
}
