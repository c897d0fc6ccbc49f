import type { CSSProperties } from "react";
import { cn } from "~/lib/cn";

/**
 * Five stars filled to the rating (3.7 fills 74 %): one element drawn by the `stars` utility in app.css (a star mask
 * over a two-colour gradient), not five SVGs, so a listing of 60 cards stays light. The words are for screen readers.
 */
export function Stars({ rating, className = "h-4" }: { rating: number; className?: string }) {
  return <span role="img" aria-label={`${rating} out of 5 stars`} className={cn("stars", className)} style={{ "--stars-fill": `${Math.round(Math.min(5, Math.max(0, rating)) * 20)}%` } as CSSProperties} />;
}
