import { formatPrice } from "~/lib/money";

/** "Use store credit ($X available)": for a signed-in shopper with a balance; it pays after tax, before the card. */
export function StoreCreditChoice({ availableCents, checked, disabled, onChange }: { availableCents: number; checked: boolean; disabled: boolean; onChange: (on: boolean) => void }) {
  return (
    <label className="flex items-center gap-2 text-sm">
      <input type="checkbox" checked={checked} disabled={disabled} onChange={(e) => onChange(e.target.checked)} className="size-4" />
      Use store credit ({formatPrice(availableCents / 100)} available)
    </label>
  );
}
