import { SlidersHorizontal, X } from "lucide-react";
import { Dialog } from "radix-ui";
import type { Facets } from "../../../server/catalog/list-facets";
import type { ListingQuery } from "../../../server/catalog/listing-query";
import { buttonClass } from "~/components/layout/status-screen";
import { FilterForm } from "./filter-form";

/** The sidebar's filters in a sheet, for phones. Results update behind it as filters change. */
export function FilterSheet({ facets, query, total }: { facets: Facets; query: ListingQuery; total: number }) {
  const active = (query.maxPrice !== undefined ? 1 : 0) + (query.colors?.length ?? 0) + (query.sizes?.length ?? 0);
  return (
    <Dialog.Root>
      <Dialog.Trigger className="inline-flex h-10 items-center gap-2 rounded-full border border-line px-4 text-sm font-medium hover:border-ink lg:hidden">
        <SlidersHorizontal aria-hidden="true" className="size-4" />
        Filters{active > 0 && ` (${active})`}
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <Dialog.Content className="fixed inset-x-0 bottom-0 z-50 flex max-h-[85vh] flex-col rounded-t-3xl bg-surface text-ink shadow-2xl focus:outline-none">
          <div className="flex items-center justify-between border-b border-line px-5 py-4">
            <Dialog.Title className="text-lg font-bold">Filters</Dialog.Title>
            <Dialog.Description className="sr-only">Narrow the products by price, colour and size</Dialog.Description>
            <Dialog.Close aria-label="Close filters" className="inline-flex size-10 items-center justify-center rounded-full hover:bg-surface-muted">
              <X aria-hidden="true" className="size-5" />
            </Dialog.Close>
          </div>
          <div className="overflow-y-auto px-5 py-6">
            <FilterForm facets={facets} query={query} idPrefix="sheet" />
          </div>
          <div className="border-t border-line px-5 py-4">
            <Dialog.Close className={`${buttonClass} w-full`}>
              Show {total} {total === 1 ? "product" : "products"}
            </Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
