/** A card's shape while a listing loads (SPEC §2: 6 skeleton cards). */
export function ProductCardSkeleton() {
  return (
    <div className="flex w-full animate-pulse flex-col" aria-hidden="true">
      <div className="aspect-[4/5] rounded-2xl bg-surface-muted" />
      <div className="mt-3 h-4 w-3/4 rounded bg-surface-muted" />
      <div className="mt-2 h-3 w-1/2 rounded bg-surface-muted" />
      <div className="mt-3 h-4 w-1/4 rounded bg-surface-muted" />
      <div className="mt-3 h-10 rounded-full bg-surface-muted" />
    </div>
  );
}

export function ProductGridSkeleton({ count = 6 }: { count?: number }) {
  return (
    <div role="status" aria-label="Loading products">
      <ul className="grid grid-cols-2 gap-x-4 gap-y-8 sm:gap-x-6 md:grid-cols-3 xl:grid-cols-4">
        {Array.from({ length: count }, (_, i) => (
          <li key={i} className="flex">
            <ProductCardSkeleton />
          </li>
        ))}
      </ul>
    </div>
  );
}
