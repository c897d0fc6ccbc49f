import { SlidersHorizontal } from "lucide-react";
import type { Facets } from "../../../server/catalog/list-facets";
import type { ListingQuery } from "../../../server/catalog/listing-query";
import { lazyDialog, LazyMount, useLazyDialogTrigger } from "~/components/ui/lazy-dialog";

const sheet = lazyDialog(() => import("./filter-sheet-panel"));

/** The sidebar's filters in a sheet, for phones. Results update behind it as filters change. Loaded on first use. */
export function FilterSheet({ facets, query, resultsLabel }: { facets: Facets; query: ListingQuery; resultsLabel: string }) {
  const { open, triggerProps, dialogProps } = useLazyDialogTrigger(sheet.preload);
  const active = (query.maxPrice !== undefined ? 1 : 0) + (query.colors?.length ?? 0) + (query.sizes?.length ?? 0);
  return (
    <>
      <button {...triggerProps} className="inline-flex h-10 items-center gap-2 rounded-full border border-line px-4 text-sm font-medium hover:border-ink lg:hidden">
        <SlidersHorizontal aria-hidden="true" className="size-4" />
        Filters{active > 0 && ` (${active})`}
      </button>
      <LazyMount when={open}>
        <sheet.Dialog {...dialogProps} facets={facets} query={query} resultsLabel={resultsLabel} />
      </LazyMount>
    </>
  );
}
