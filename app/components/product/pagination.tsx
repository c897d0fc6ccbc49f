import { ChevronLeft, ChevronRight } from "lucide-react";
import { Link, useLocation } from "react-router";
import { cn } from "~/lib/cn";
import { countLabel } from "~/lib/product-count";

const linkClass = "inline-flex h-10 items-center gap-1 rounded-full border border-line px-4 text-sm font-medium hover:border-ink";

/** Previous / next links that keep the listing's filters and sort; a capped count ("1,000+") always has a next page. */
export function Pagination({ page, limit, total, capped = false }: { page: number; limit: number; total: number; capped?: boolean }) {
  const { pathname, search } = useLocation();
  const pages = Math.max(1, Math.ceil(total / limit));
  const hasNext = page < pages || capped;
  if (pages <= 1 && !capped) return null;
  const hrefFor = (p: number) => {
    const params = new URLSearchParams(search);
    if (p === 1) params.delete("page");
    else params.set("page", String(p));
    const query = params.toString();
    return query ? `${pathname}?${query}` : pathname;
  };
  return (
    <nav aria-label="Pagination" className="mt-12 flex items-center justify-center gap-3">
      {page > 1 ? (
        <Link to={hrefFor(page - 1)} className={linkClass} rel="prev">
          <ChevronLeft aria-hidden="true" className="size-4" /> Previous
        </Link>
      ) : (
        <span className={cn(linkClass, "pointer-events-none border-dashed text-ink-muted")} aria-hidden="true">
          <ChevronLeft className="size-4" /> Previous
        </span>
      )}
      <p className="text-sm text-ink-muted">
        Page {Math.min(page, pages)} of {countLabel(pages, capped)}
      </p>
      {hasNext ? (
        <Link to={hrefFor(page + 1)} className={linkClass} rel="next">
          Next <ChevronRight aria-hidden="true" className="size-4" />
        </Link>
      ) : (
        <span className={cn(linkClass, "pointer-events-none border-dashed text-ink-muted")} aria-hidden="true">
          Next <ChevronRight className="size-4" />
        </span>
      )}
    </nav>
  );
}
