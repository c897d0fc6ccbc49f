import { X } from "lucide-react";
import { Dialog } from "radix-ui";
import type { Facets } from "../../../server/catalog/list-facets";
import type { ListingQuery } from "../../../server/catalog/listing-query";
import { buttonClass } from "~/components/layout/status-screen";
import type { LazyDialogProps } from "~/components/ui/lazy-dialog";
import { FilterForm } from "./filter-form";

/** The phone filter sheet's dialog, loaded when the shopper first reaches for the Filters button (filter-sheet.tsx). */
export default function FilterSheetPanel({ open, onOpenChange, onCloseAutoFocus, facets, query, resultsLabel }: LazyDialogProps & { facets: Facets; query: ListingQuery; resultsLabel: string }) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <Dialog.Content onCloseAutoFocus={onCloseAutoFocus} className="fixed inset-x-0 bottom-0 z-50 flex max-h-[85vh] flex-col rounded-t-3xl bg-surface text-ink shadow-2xl focus:outline-none">
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
              Show {resultsLabel}
            </Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
