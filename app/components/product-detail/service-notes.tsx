import { PackageCheck, RotateCcw, Truck, Zap } from "lucide-react";
import { deliveryWindow, freeShippingNote, type ShippingPromise } from "../../../shared/shipping-copy";

/** SPEC §2 Product detail: the four service notes; the shipping ones read the staff's shipping rules (decision 0029). */
export function ServiceNotes({ shipping }: { shipping: ShippingPromise }) {
  const delivery = deliveryWindow(shipping);
  const notes = [
    { icon: Truck, text: freeShippingNote(shipping.freeFromCents) ?? "Shipping calculated at checkout" },
    { icon: RotateCcw, text: "30-day return policy" },
    { icon: PackageCheck, text: "Free returns" },
    ...(delivery ? [{ icon: Zap, text: `Fast delivery (${delivery})` }] : []),
  ];
  return (
    <ul className="grid gap-3 rounded-2xl bg-surface-muted p-5 text-sm sm:grid-cols-2">
      {notes.map(({ icon: Icon, text }) => (
        <li key={text} className="flex items-center gap-3">
          <Icon aria-hidden="true" className="size-5 shrink-0 text-brand-700 dark:text-brand-500" />
          {text}
        </li>
      ))}
    </ul>
  );
}
