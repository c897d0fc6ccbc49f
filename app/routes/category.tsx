import { data, isRouteErrorResponse, Link } from "react-router";
import type { Route } from "./+types/category";
import { servicesContext } from "~/context";
import { StatusScreen, buttonClass } from "~/components/layout/status-screen";
import { Pagination } from "~/components/product/pagination";
import { ProductGrid } from "~/components/product/product-grid";
import { listingTitle } from "~/lib/listing-title";

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { category, subcategory } = params as { category?: string; subcategory?: string };
  const title = listingTitle(category, subcategory);
  const result = title
    ? await context.get(servicesContext).catalog.browseCatalog({ category, subcategory, params: new URL(request.url).searchParams })
    : null;
  if (!title || !result) throw data({ category }, { status: 404 });
  return { title, ...result.page };
}

export const meta: Route.MetaFunction = ({ data }) =>
  data
    ? [
        { title: `${data.title} | VSOP Apparel` },
        { name: "description", content: `Shop ${data.total} products in ${data.title} at VSOP Apparel.` },
      ]
    : [{ title: "Category Not Found | VSOP Apparel" }];

export default function CategoryPage({ loaderData }: Route.ComponentProps) {
  const { title, products, total, page, limit } = loaderData;
  const first = (page - 1) * limit + 1;
  return (
    <div className="container-page pb-8 pt-6">
      <header className="mb-8 flex flex-wrap items-end justify-between gap-3 border-b border-line pb-6">
        <h1 className="font-display text-3xl font-bold tracking-tight sm:text-4xl">{title}</h1>
        {total > 0 && (
          <p className="text-sm text-ink-muted" aria-live="polite">
            {products.length === total ? `${total} products` : `Showing ${first}–${first + products.length - 1} of ${total} products`}
          </p>
        )}
      </header>
      {products.length > 0 ? (
        <>
          <ProductGrid products={products} />
          <Pagination page={page} limit={limit} total={total} />
        </>
      ) : (
        <ComingSoon />
      )}
    </div>
  );
}

function ComingSoon() {
  return (
    <div className="rounded-3xl bg-surface-muted px-6 py-16 text-center">
      <h2 className="font-display text-2xl font-bold">Coming Soon</h2>
      <p className="mx-auto mt-3 max-w-md text-ink-muted">
        We're putting the finishing touches on this collection. In the meantime, take a look at what's already in store.
      </p>
      <Link to="/products" className={`${buttonClass} mt-8`}>
        Shop other collections
      </Link>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <StatusScreen title={notFound ? "Category Not Found" : "We couldn't load this collection"}>
      <p>{notFound ? "We couldn't find that collection. It may have moved or been renamed." : "Please try again in a moment."}</p>
      <Link to="/products" className={`${buttonClass} mt-8`}>
        Browse all products
      </Link>
    </StatusScreen>
  );
}
