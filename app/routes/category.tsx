import { data, isRouteErrorResponse, Link, useLocation, useNavigation } from "react-router";
import type { Route } from "./+types/category";
import { servicesContext } from "~/context";
import { StatusScreen, buttonClass } from "~/components/layout/status-screen";
import { FilterForm } from "~/components/listing/filter-form";
import { FilterSheet } from "~/components/listing/filter-sheet";
import { SortMenu } from "~/components/listing/sort-menu";
import { Pagination } from "~/components/product/pagination";
import { ProductGridSkeleton } from "~/components/product/product-card-skeleton";
import { ProductGrid } from "~/components/product/product-grid";
import { findCollection, isSelection, listingTitle } from "../../shared/taxonomy";
import { countLabel, listingSummary, productsLabel } from "~/lib/product-count";
import { pageTitle, seo, storeOf } from "~/lib/seo";

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { category, subcategory } = params as { category?: string; subcategory?: string };
  const { catalog } = context.get(servicesContext);
  const collections = await catalog.collections();
  const title = listingTitle(collections, category, subcategory);
  const result = title ? await catalog.browseCatalog({ category, subcategory, params: new URL(request.url).searchParams }) : null;
  if (!title || !result) throw data({ category }, { status: 404 });
  // A collection's own words, as staff wrote them: the line under the heading and the meta description.
  const collection = category && !isSelection(category) ? findCollection(collections, category) : undefined;
  const sub = collection?.subcategories.find((s) => s.slug === subcategory);
  const hero = (sub ? sub.description : collection?.hero) || null;
  return { title, hero, description: (!sub && collection?.description) || null, ...result.page, query: result.query, facets: result.facets };
}

export const meta: Route.MetaFunction = ({ loaderData: data, matches, location }) =>
  data
    ? seo({ title: pageTitle(matches, data.title), description: data.description ?? `Shop ${countLabel(data.total, data.totalCapped)} products in ${data.title} at ${storeOf(matches)?.name ?? "our store"}.`, path: location.pathname, matches })
    : [{ title: pageTitle(matches, "Category Not Found") }, { name: "robots", content: "noindex" }];

export default function CategoryPage({ loaderData }: Route.ComponentProps) {
  const { title, hero, products, total, totalCapped, page, limit, query, facets } = loaderData;
  const location = useLocation();
  const navigation = useNavigation();
  // Filters, sort and paging reload this same listing: show skeletons in place of the grid meanwhile.
  const reloading = navigation.state === "loading" && navigation.location.pathname === location.pathname;
  const filtered = query.maxPrice !== undefined || Boolean(query.colors?.length) || Boolean(query.sizes?.length);
  return (
    <div className="container-page pb-8 pt-6">
      <header className="mb-6 border-b border-line pb-6">
        <h1 className="font-display text-3xl font-bold tracking-tight sm:text-4xl">{title}</h1>
        {hero && <p className="mt-2 max-w-2xl text-ink-muted">{hero}</p>}
        <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm text-ink-muted" aria-live="polite">
            {listingSummary({ total, capped: totalCapped, page, limit, shown: products.length })}
          </p>
          <div className="flex items-center gap-2">
            <FilterSheet facets={facets} query={query} resultsLabel={productsLabel(total, totalCapped)} />
            <SortMenu query={query} />
          </div>
        </div>
      </header>
      <div className="lg:grid lg:grid-cols-[15rem_1fr] lg:gap-10">
        <aside aria-label="Filters" className="hidden lg:block">
          <FilterForm facets={facets} query={query} idPrefix="side" />
        </aside>
        <section aria-labelledby="products-heading" aria-busy={reloading}>
          {/* Product cards are h3s: this keeps the outline h1 → h2 → h3. */}
          <h2 id="products-heading" className="sr-only">
            Products
          </h2>
          {reloading ? (
            <ProductGridSkeleton />
          ) : products.length > 0 ? (
            <>
              <ProductGrid products={products} />
              <Pagination page={page} limit={limit} total={total} capped={totalCapped} />
            </>
          ) : filtered ? (
            <NoMatches />
          ) : (
            <ComingSoon />
          )}
        </section>
      </div>
    </div>
  );
}

function NoMatches() {
  const { pathname } = useLocation();
  return (
    <div className="rounded-3xl bg-surface-muted px-6 py-16 text-center">
      <h2 className="font-display text-2xl font-bold">No products match these filters</h2>
      <p className="mx-auto mt-3 max-w-md text-ink-muted">Try a higher price limit or fewer colours and sizes.</p>
      <Link to={pathname} className={`${buttonClass} mt-8`}>
        Clear all filters
      </Link>
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
