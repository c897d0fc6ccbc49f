import { Dialog } from "radix-ui";
import type { Facets } from "../../../server/catalog/list-facets";
import type { ListingQuery } from "../../../server/catalog/listing-query";
import { buttonClass } from "~/components/layout/status-screen";
import type { LazyDialogProps } from "~/components/ui/lazy-dialog";
import { Sheet } from "~/components/ui/sheet";
import { FilterForm } from "./filter-form";

/** The phone filter sheet's dialog, loaded when the shopper first reaches for the Filters button (filter-sheet.tsx). */
export default function FilterSheetPanel({ open, onOpenChange, onCloseAutoFocus, facets, query, resultsLabel }: LazyDialogProps & { facets: Facets; query: ListingQuery; resultsLabel: string }) {
  return (
    <Sheet open={open} onOpenChange={onOpenChange} onCloseAutoFocus={onCloseAutoFocus} edge="bottom" title="Filters" description="Narrow the products by price, colour and size" closeLabel="Close filters">
      <div className="overflow-y-auto px-5 py-6">
        <FilterForm facets={facets} query={query} idPrefix="sheet" />
      </div>
      <div className="border-t border-line px-5 py-4">
        <Dialog.Close className={`${buttonClass} w-full`}>
          Show {resultsLabel}
        </Dialog.Close>
      </div>
    </Sheet>
  );
}
