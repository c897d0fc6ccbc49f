import type { SizeFigures } from "../../../../server/drops/drop-live";
import { AdminTable, tdClass } from "~/components/admin/admin-shell";
import { formatPrice } from "~/lib/money";
import { utcLabel } from "~/lib/utc-time";

/** Units sold per product and size, sell-through, the minute each size sold out, and revenue. */
export function DropSizeTable({ sizes, minutes }: { sizes: (SizeFigures & { minutesToSellOut?: number | null })[]; minutes?: boolean }) {
  if (sizes.length === 0) return <p className="text-ink-muted">The drop has no products with sizes.</p>;
  const headers = ["Product", "Size", "Sold", "On hand", "Sell-through", "Sold out", ...(minutes ? ["Minutes to sell out"] : []), "Revenue"];
  return (
    <AdminTable label="Sales by product and size" headers={headers}>
      {sizes.map((s) => (
        <tr key={`${s.productId}-${s.size}`}>
          <td className={`${tdClass} font-medium`}>{s.product}</td>
          <td className={tdClass}>{s.size}</td>
          <td className={`${tdClass} tabular-nums`}>{s.sold}</td>
          <td className={`${tdClass} tabular-nums`}>{s.onHand}</td>
          <td className={`${tdClass} tabular-nums`}>
            <span className="flex items-center gap-2">
              <span aria-hidden="true" className="h-1.5 w-16 overflow-hidden rounded-full bg-surface-muted">
                <span className="block h-full rounded-full bg-brand-500" style={{ width: `${s.sellThroughPercent}%` }} />
              </span>
              {s.sellThroughPercent}%
            </span>
          </td>
          <td className={`${tdClass} tabular-nums`}>{s.soldOutAt ? utcLabel(s.soldOutAt) : <span className="text-ink-muted">In stock</span>}</td>
          {minutes && <td className={`${tdClass} tabular-nums`}>{s.minutesToSellOut ?? "—"}</td>}
          <td className={`${tdClass} tabular-nums`}>{formatPrice(s.revenueCents / 100)}</td>
        </tr>
      ))}
    </AdminTable>
  );
}
