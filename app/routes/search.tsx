import { pageTitle } from "~/lib/seo";
import { SearchX } from "lucide-react";
import { Link } from "react-router";
import type { Route } from "./+types/search";
import { servicesContext } from "~/context";
import { buttonClass } from "~/components/layout/status-screen";
import { Pagination } from "~/components/product/pagination";
import { ProductGrid } from "~/components/product/product-grid";
import { useCollections } from "~/lib/collections";
import { collectionLinks } from "~/lib/navigation";

const MAX_QUERY = 100;

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, MAX_QUERY);
  const pageParam = Number(url.searchParams.get("page"));
  const page = Number.isInteger(pageParam) && pageParam >= 1 && pageParam <= 1000 ? pageParam : 1;
  // ?exact=1: the shopper asked for their words as typed, not the correction (issue 33).
  const exact = url.searchParams.get("exact") === "1";
  const result = await context.get(servicesContext).catalog.searchProducts({ text: q, query: { page }, exact });
  return { q, ...result };
}

export const meta: Route.MetaFunction = ({ loaderData: data, matches }) => [
  { title: pageTitle(matches, data?.q ? `Search: ${data.q}` : "Search") },
  { name: "robots", content: "noindex" },
];

export default function SearchPage({ loaderData }: Route.ComponentProps) {
  const { q, products, total, page, limit, corrected } = loaderData;
  const collections = useCollections();
  return (
    <div className="container-page pb-8 pt-6">
      <header className="mb-8 border-b border-line pb-6">
        <h1 className="font-display text-3xl font-bold tracking-tight sm:text-4xl">
          {q ? (corrected && total > 0 ? <>Showing results for “{corrected}”</> : <>Results for “{q}”</>) : "Search"}
        </h1>
        {corrected && total > 0 && (
          <p className="mt-2 text-sm">
            <Link to={`/search?q=${encodeURIComponent(q)}&exact=1`} className="font-medium text-brand-700 underline underline-offset-2 hover:no-underline dark:text-brand-500">
              Search instead for “{q}”
            </Link>
          </p>
        )}
        <p className="mt-2 text-sm text-ink-muted" aria-live="polite">
          {q ? `${total} ${total === 1 ? "product" : "products"} found` : "Type a product, colour or category in the search box."}
        </p>
      </header>
      {products.length > 0 ? (
        <section aria-labelledby="results-heading">
          {/* Product cards are h3s: this keeps the outline h1 → h2 → h3. */}
          <h2 id="results-heading" className="sr-only">
            Products
          </h2>
          <ProductGrid products={products} />
          <Pagination page={page} limit={limit} total={total} />
        </section>
      ) : (
        q && (
          <div className="rounded-3xl bg-surface-muted px-6 py-16 text-center">
            <SearchX aria-hidden="true" className="mx-auto size-12 text-ink-muted" />
            <h2 className="mt-4 font-display text-2xl font-bold">No products match “{q}”</h2>
            <p className="mx-auto mt-3 max-w-md text-ink-muted">Check the spelling, try a more general word, or browse a collection.</p>
            <div className="mt-8 flex flex-wrap justify-center gap-3">
              {collectionLinks(collections).map((group) => (
                <Link key={group.href} to={group.href} className={buttonClass}>
                  Shop {group.label}
                </Link>
              ))}
            </div>
          </div>
        )
      )}
    </div>
  );
}
