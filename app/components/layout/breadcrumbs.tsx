import { SpriteIcon } from "~/components/ui/sprite-icon";
import { Link, useMatches } from "react-router";
import { buildBreadcrumbs } from "~/lib/breadcrumbs";
import { useCollections } from "~/lib/collections";

export function Breadcrumbs({ pathname }: { pathname: string }) {
  const matches = useMatches();
  const crumbs = buildBreadcrumbs(pathname, useCollections());
  // A page may name its last crumb from its data (a product's name rather than its id).
  const leaf = matches[matches.length - 1] as { handle?: { breadcrumb?: (data: unknown) => string | undefined }; loaderData?: unknown } | undefined;
  const named = leaf?.handle?.breadcrumb?.(leaf.loaderData);
  if (named && crumbs.length > 0) crumbs[crumbs.length - 1] = { label: named };
  if (crumbs.length === 0) return null;
  return <BreadcrumbTrail crumbs={crumbs} className="container-page pt-5" />;
}

/** A trail of links, the last one the current page (the storefront's and the staff area's). */
export function BreadcrumbTrail({ crumbs, className }: { crumbs: { label: string; href?: string }[]; className?: string }) {
  return (
    <nav aria-label="Breadcrumb" className={className}>
      <ol className="flex flex-wrap items-center gap-1 text-sm text-ink-muted">
        {crumbs.map((crumb, i) => {
          const last = i === crumbs.length - 1;
          return (
            <li key={`${i}-${crumb.label}`} className="flex items-center gap-1">
              {crumb.href ? (
                <Link to={crumb.href} className="rounded hover:text-ink hover:underline">
                  {crumb.label}
                </Link>
              ) : (
                <span aria-current={last ? "page" : undefined} className={last ? "font-medium text-ink" : undefined}>
                  {crumb.label}
                </span>
              )}
              {!last && <SpriteIcon name="chevron-right" className="size-3.5" />}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
