import { ProductGridSkeleton } from "~/components/product/product-card-skeleton";

const bar = "rounded bg-surface-muted";

export function ProductPageSkeleton() {
  return (
    <div role="status" aria-label="Loading product" className="container-page grid animate-pulse gap-10 pb-8 pt-6 lg:grid-cols-2 lg:gap-16">
      <div>
        <div className="aspect-[4/5] rounded-3xl bg-surface-muted" />
        <div className="mt-3 grid grid-cols-4 gap-3">
          {[0, 1, 2, 3].map((i) => (
            <div key={i} className="aspect-[4/5] rounded-xl bg-surface-muted" />
          ))}
        </div>
      </div>
      <div className="space-y-4">
        <div className={`${bar} h-9 w-3/4`} />
        <div className={`${bar} h-4 w-40`} />
        <div className={`${bar} h-7 w-28`} />
        <div className={`${bar} h-20 w-full`} />
        <div className={`${bar} h-10 w-2/3`} />
        <div className={`${bar} h-10 w-1/2`} />
        <div className="h-12 rounded-full bg-surface-muted" />
      </div>
    </div>
  );
}

export function ListingPageSkeleton() {
  return (
    <div className="container-page pb-8 pt-6">
      <div className={`${bar} mb-10 h-10 w-64 animate-pulse`} />
      <ProductGridSkeleton />
    </div>
  );
}

/** The skeleton a pending navigation shows, by the address it is going to; null when the page has none. */
const isProductPath = (pathname: string) => /^\/product\/[^/]+$/.test(pathname);
const isListingPath = (pathname: string) => pathname === "/products" || pathname === "/search" || pathname.startsWith("/category/");

function VsopLoading() {
  return (
    <div role="status" className="grid min-h-[50vh] place-items-center bg-[#121316] text-white">
      <p className="animate-pulse font-display text-xl font-bold tracking-widest">Loading VSOP Collection...</p>
    </div>
  );
}

export function PendingPage({ pathname }: { pathname: string }) {
  if (pathname === "/vsop") return <VsopLoading />;
  if (isProductPath(pathname)) return <ProductPageSkeleton />;
  if (isListingPath(pathname)) return <ListingPageSkeleton />;
  return null;
}

export const hasSkeleton = (pathname: string) => pathname === "/vsop" || isProductPath(pathname) || isListingPath(pathname);
