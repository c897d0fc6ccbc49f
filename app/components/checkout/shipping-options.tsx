import type { ShippingOptionJson } from "./use-quote";
import { formatPrice } from "~/lib/money";
import { deliveryWindow } from "../../../shared/shipping-copy";

const days = (o: ShippingOptionJson) => deliveryWindow(o);

/**
 * The shipping rates the server offers for this cart and address (never one that doesn't apply), as radio cards;
 * before an address there is nothing to choose yet.
 */
export function ShippingOptions({ options, chosen, onChoose, addressKnown, busy, needed = true }: { options: ShippingOptionJson[]; chosen: number | null; onChoose: (id: number) => void; addressKnown: boolean; busy: boolean; needed?: boolean }) {
  return (
    <fieldset className="space-y-3" aria-busy={busy}>
      <legend className="mb-3 text-lg font-bold">Shipping method</legend>
      {!needed ? (
        <p className="text-sm text-ink-muted">No shipping needed: gift cards are emailed.</p>
      ) : !addressKnown ? (
        <p className="text-sm text-ink-muted">Enter your state and postal code to see the shipping options.</p>
      ) : options.length === 0 ? (
        <p role="alert" className="rounded-xl border border-red-300 bg-red-50 p-3 text-sm text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-200">
          We don't ship this order to that address yet. Check the state and postal code.
        </p>
      ) : (
        options.map((o) => (
          <label key={o.id} className="flex cursor-pointer items-center gap-3 rounded-xl border border-line p-3.5 has-checked:border-ink has-checked:bg-surface-muted has-focus-visible:ring-2 has-focus-visible:ring-ink">
            <input type="radio" name="shipping-rate" value={o.id} checked={chosen === o.id} onChange={() => onChoose(o.id)} className="size-4 accent-current" />
            <span className="min-w-0 flex-1">
              <span className="block font-medium">{o.name}</span>
              <span className="block text-sm text-ink-muted">{days(o)}</span>
            </span>
            <span className={`tabular-nums ${o.price === 0 ? "font-semibold text-green-800 dark:text-green-400" : "font-medium"}`}>{o.price === 0 ? "FREE" : formatPrice(o.price)}</span>
          </label>
        ))
      )}
    </fieldset>
  );
}
