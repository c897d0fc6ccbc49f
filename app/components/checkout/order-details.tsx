import { CheckCircle2, CreditCard, Package, Truck } from "lucide-react";
import { useState } from "react";
import type { OrderStatusAnswer } from "../../../server/orders/order-status-types";
import { formatPrice } from "~/lib/money";
import { TrackingCard } from "./tracking-card";

const facts = (delivery: string) => [
  { icon: CreditCard, title: "Payment Confirmed", text: "Your payment went through" },
  { icon: Package, title: "Status", text: "Processing" },
  { icon: Truck, title: "Shipping", text: delivery.replace(/\b\w/g, (c) => c.toUpperCase()) },
];

function ItemImage({ src }: { src: string }) {
  const [broken, setBroken] = useState(false);
  if (broken)
    return (
      <div aria-hidden="true" className="grid size-16 place-items-center rounded-xl bg-surface-muted text-ink-muted">
        <Package className="size-6" />
      </div>
    );
  return <img src={src} alt="" width={64} height={80} onError={() => setBroken(true)} className="h-20 w-16 rounded-xl bg-surface-muted object-cover" />;
}

/** An order still on its way to the warehouse door: the shopper is told what happens next. */
export const isAwaitingShipment = (status: string) => status === "paid" || status === "processing";

/**
 * SPEC §2 /checkout/success: the facts, the items with line totals, the order total and what happens next. The facts
 * and next steps show while the order awaits shipping (`nextSteps`); once shipped, its tracking shows instead.
 */
export function OrderDetails({ answer, nextSteps = true }: { answer: OrderStatusAnswer; nextSteps?: boolean }) {
  const { order, items } = answer;
  return (
    <div className="space-y-8">
      {order.tracking && <TrackingCard tracking={order.tracking} />}
      {nextSteps && !order.tracking && (
        <ul className="grid gap-3 sm:grid-cols-3">
          {facts(order.delivery).map(({ icon: Icon, title, text }) => (
            <li key={title} className="flex items-center gap-3 rounded-2xl bg-surface-muted p-4">
              <Icon aria-hidden="true" className="size-6 shrink-0 text-green-700 dark:text-green-400" />
              <div>
                <p className="text-sm font-semibold">{title}</p>
                <p className="text-sm text-ink-muted">{text}</p>
              </div>
            </li>
          ))}
        </ul>
      )}
      <section aria-labelledby="items-heading">
        <h2 id="items-heading" className="text-lg font-bold">
          Items
        </h2>
        <ul className="mt-3 divide-y divide-line border-y border-line">
          {items.map((item) => (
            <li key={item.id} className="flex items-center gap-4 py-4">
              <ItemImage src={item.product.imageUrl} />
              <div className="min-w-0 flex-1">
                <p className="font-semibold">{item.product.name}</p>
                <p className="text-sm text-ink-muted">
                  Size: {item.size}
                  {item.color && <> · Color: {item.color}</>} · Qty: {item.quantity}
                </p>
              </div>
              <p className="font-semibold tabular-nums">{formatPrice(item.price * item.quantity)}</p>
            </li>
          ))}
        </ul>
        <dl className="mt-4 space-y-1 text-sm" data-testid="order-charges">
          {order.charges.map((charge) => (
            <div key={charge.label} className="flex justify-between gap-4">
              <dt className="text-ink-muted">{charge.label}</dt>
              <dd className={`tabular-nums ${charge.free ? "font-semibold text-green-800 dark:text-green-400" : ""}`}>{charge.free ? "FREE" : charge.amount < 0 ? `−${formatPrice(-charge.amount)}` : formatPrice(charge.amount)}</dd>
            </div>
          ))}
          <div className="flex justify-between text-lg font-bold">
            <dt>Order Total</dt>
            <dd className="tabular-nums" data-testid="order-total">
              {formatPrice(order.totalAmount)}
            </dd>
          </div>
        </dl>
      </section>
      {nextSteps && !order.tracking && (
        <section aria-labelledby="next-heading" className="rounded-2xl border border-line p-5">
          <h2 id="next-heading" className="flex items-center gap-2 text-lg font-bold">
            <CheckCircle2 aria-hidden="true" className="size-5 text-green-700 dark:text-green-400" /> What's Next?
          </h2>
          <ul className="mt-3 list-disc space-y-1 pl-6 text-sm text-ink-muted">
            <li>You'll receive a confirmation email at {order.email}.</li>
            <li>Your order will be shipped within 1-2 business days.</li>
            <li>
              Delivery takes {order.delivery}
              {order.shippingMethod ? ` (${order.shippingMethod})` : ""}.
            </li>
          </ul>
        </section>
      )}
    </div>
  );
}
