import { SpriteIcon } from "~/components/ui/sprite-icon";
import { deliveryWindow, freeShippingNote, type ShippingPromise } from "../../../shared/shipping-copy";

/** SPEC §2 Product detail: the four service notes; the shipping ones read the staff's shipping rules (decision 0029). */
export function ServiceNotes({ shipping }: { shipping: ShippingPromise }) {
  const delivery = deliveryWindow(shipping);
  const notes = [
    { icon: "truck" as const, text: freeShippingNote(shipping.freeFromCents) ?? "Shipping calculated at checkout" },
    { icon: "rotate-ccw" as const, text: "30-day return policy" },
    { icon: "package-check" as const, text: "Free returns" },
    ...(delivery ? [{ icon: "zap" as const, text: `Fast delivery (${delivery})` }] : []),
  ];
  return (
    <ul className="grid gap-3 rounded-2xl bg-surface-muted p-5 text-sm sm:grid-cols-2">
      {notes.map(({ icon, text }) => (
        <li key={text} className="flex items-center gap-3">
          <SpriteIcon name={icon} className="size-5 text-brand-700 dark:text-brand-500" />
          {text}
        </li>
      ))}
    </ul>
  );
}
