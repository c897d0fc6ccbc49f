import { Trash2 } from "lucide-react";
import { Link } from "react-router";
import type { CartLine } from "../../../server/cart/cart-types";
import { QuantityStepper } from "~/components/ui/quantity-stepper";
import { useRemoveCartItem, useUpdateCartItem } from "~/lib/cart";
import { formatPrice } from "~/lib/money";

const SEND_DAY = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", timeZone: "UTC" });

export function CartLineItem({ line, onNavigate }: { line: CartLine; onNavigate?: () => void }) {
  const update = useUpdateCartItem();
  const remove = useRemoveCartItem();
  const busy = update.isPending || remove.isPending;
  const showColor = !line.product.preorder;
  return (
    <li className="flex gap-4 py-4" aria-busy={busy}>
      {/* The picture repeats the name's link: out of the tab order and hidden from screen readers, so nothing is read twice. */}
      <Link to={`/product/${line.productId}`} onClick={onNavigate} className="shrink-0" tabIndex={-1} aria-hidden="true">
        <img src={line.product.image} alt="" width={80} height={100} className="h-25 w-20 rounded-xl bg-surface-muted object-cover" />
      </Link>
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <div className="flex items-start justify-between gap-3">
          <Link to={`/product/${line.productId}`} onClick={onNavigate} className="text-sm font-semibold leading-snug hover:underline">
            {line.product.name}
          </Link>
          <p className="text-sm font-semibold tabular-nums">{formatPrice(line.lineTotal)}</p>
        </div>
        {line.giftCard ? (
          <p className="text-xs text-ink-muted">
            {line.giftCard.recipientEmail ? `For ${line.giftCard.recipientEmail}` : "Emailed to you"} · {line.giftCard.sendAt ? `Sends ${SEND_DAY.format(new Date(line.giftCard.sendAt))}` : "Sends once paid"}
          </p>
        ) : (
          <p className="text-xs text-ink-muted">
            {showColor && <>Colour: {line.color} · </>}Size: {line.size} · {formatPrice(line.unitPrice)} each
          </p>
        )}
        {line.quantity > line.available && (
          <p className="text-xs font-medium text-red-700 dark:text-red-400">
            {line.available > 0 ? `Only ${line.available} left: lower the quantity to check out.` : "Now sold out: remove it to check out."}
          </p>
        )}
        <div className="mt-auto flex items-center justify-between pt-2">
          <QuantityStepper
            size="sm"
            label={line.product.name}
            value={line.quantity}
            max={Math.max(line.available, 1)}
            disabled={busy}
            onChange={(quantity) => update.mutate({ id: line.id, quantity })}
          />
          <button
            type="button"
            onClick={() => remove.mutate(line.id)}
            disabled={busy}
            aria-label={`Remove ${line.product.name} from cart`}
            className="inline-flex size-9 items-center justify-center rounded-full text-ink-muted hover:bg-surface-muted hover:text-ink disabled:opacity-40"
          >
            <Trash2 aria-hidden="true" className="size-4" />
          </button>
        </div>
      </div>
    </li>
  );
}
