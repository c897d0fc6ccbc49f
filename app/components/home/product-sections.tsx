import { useQuery } from "@tanstack/react-query";
import { useId } from "react";
import { Link } from "react-router";
import type { Product } from "../../../server/catalog/product-types";
import { buttonClass } from "~/components/layout/status-screen";
import { ProductGridSkeleton } from "~/components/product/product-card-skeleton";
import { ProductGrid } from "~/components/product/product-grid";
import { apiRequest } from "~/lib/api";
import { dropPath } from "~/lib/drop-path";

/**
 * SPEC §2 Home's VSOP section, for the drop a collection's products are in: its pieces, read again in the browser from
 * the drop (GET /api/drops/{slug}), with the SPEC's loading, error and empty texts.
 */
export function DropSection({ initial, slug, title = "The VSOP Collection", limit }: { initial: Product[] | null; slug: string; title?: string; limit: number }) {
  const headingId = useId();
  const url = `/api/drops/${slug}`;
  const { data, isPending, error } = useQuery({
    queryKey: [url],
    queryFn: () => apiRequest<{ products: Product[] }>("GET", url).then((drop) => drop.products),
    initialData: initial ?? undefined,
    staleTime: 0,
  });
  const products = data?.slice(0, limit) ?? [];
  return (
    <section aria-labelledby={headingId} className="container-page py-14">
      <div className="mb-8 flex flex-wrap items-end justify-between gap-4">
        <div>
          <p className="text-xs font-semibold uppercase tracking-[0.3em] text-brand-700 dark:text-brand-500">Limited pre-order</p>
          <h2 id={headingId} className="mt-1 font-display text-2xl font-bold tracking-tight sm:text-3xl">
            {title}
          </h2>
        </div>
        <Link to={dropPath(slug)} className="text-sm font-semibold underline">
          See the drop
        </Link>
      </div>
      {isPending ? (
        <p role="status" className="text-ink-muted">
          Loading VSOP Collection...
        </p>
      ) : error ? (
        <div role="alert" className="rounded-2xl bg-surface-muted p-6">
          <p className="font-semibold">Error loading VSOP products: {error.message}</p>
          <p className="text-ink-muted">Please refresh the page</p>
        </div>
      ) : products.length === 0 ? (
        <div className="rounded-2xl bg-surface-muted p-6">
          <p className="font-semibold">No VSOP products found</p>
          <p className="text-ink-muted">Products may still be loading</p>
        </div>
      ) : (
        <ProductGrid products={products} eagerCount={0} />
      )}
    </section>
  );
}

/**
 * A grid of products read again in the browser from `listUrl` (SPEC §2 Home's "Featured products": four featured
 * products, skeletons, error and empty texts, and VIEW ALL PRODUCTS).
 */
export function ProductGridSection({ title, initial, listUrl, limit, viewAll }: { title: string; initial: Product[] | null; listUrl: string; limit: number; viewAll: { href: string; label: string } }) {
  const headingId = useId();
  const { data, isPending, isError } = useQuery({ queryKey: [listUrl], initialData: initial ?? undefined }) as {
    data: Product[] | undefined;
    isPending: boolean;
    isError: boolean;
  };
  return (
    <section aria-labelledby={headingId} className="container-page pb-14">
      <h2 id={headingId} className="mb-8 font-display text-2xl font-bold tracking-tight sm:text-3xl">
        {title}
      </h2>
      {isPending ? (
        <ProductGridSkeleton count={Math.min(limit, 4)} />
      ) : isError ? (
        <p role="alert" className="text-ink-muted">
          Failed to load products. Please try again later.
        </p>
      ) : !data || data.length === 0 ? (
        <p className="text-ink-muted">No {title.toLowerCase()} available at the moment.</p>
      ) : (
        <ProductGrid products={data.slice(0, limit)} eagerCount={0} />
      )}
      <div className="mt-10 text-center">
        <Link to={viewAll.href} className={buttonClass}>
          {viewAll.label}
        </Link>
      </div>
    </section>
  );
}
