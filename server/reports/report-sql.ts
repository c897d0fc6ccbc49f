import { type SQL, sql } from "drizzle-orm";
import { countedOrders } from "../tax/tax-report";
import type { Period } from "./report-period";

/** The instants a period's first day starts and its last day ends, in the store's zone (every report's day bounds). */
export function periodBounds({ from, to }: Period, timeZone: string): { start: SQL; end: SQL } {
  return {
    start: sql`(${from}::date::timestamp at time zone ${timeZone})`,
    end: sql`((${to}::date + 1)::timestamp at time zone ${timeZone})`,
  };
}

/** Orders that are sales (paid, not canceled, failed or expired), as `o` and, for "an earlier order", `p`. */
export const counted = countedOrders("o");
export const countedBefore = countedOrders("p");

/**
 * The refunds made in [start, end) (`f`, with its order `o`), each split as the sales report counts it: `tax` given
 * back, `untaxed` (the rest), and `shipping`, its part of the shipping (a refund gives back goods first, shipping
 * last, judged against the order's earlier refunds). What is left, untaxed − shipping, is the refund's returns.
 * Columns: refund_id, order_id, return_id, created_at, tax, untaxed, shipping.
 */
export function refundsIn(start: SQL, end: SQL): SQL {
  return sql`
    select refund_id, order_id, return_id, created_at, tax, untaxed,
           least(greatest(before + untaxed - goods, 0), shipping) - least(greatest(before - goods, 0), shipping) as shipping
    from (
      select f.id as refund_id, f.order_id, f.return_id, f.created_at, t.tax, f.amount_cents - t.tax as untaxed,
             o.total_cents - o.tax_cents - o.shipping_cents as goods, o.shipping_cents as shipping,
             -- what earlier refunds of the order gave back, without tax
             (select coalesce(sum(p.amount_cents - (select coalesce(sum(pt.tax_cents), 0) from refund_tax_lines pt where pt.refund_id = p.id)), 0)
              from refunds p where p.order_id = f.order_id and p.order_edit_id is null and (p.created_at, p.id) < (f.created_at, f.id)) as before
      from refunds f
      join orders o on o.id = f.order_id
      cross join lateral (select coalesce(sum(r.tax_cents), 0) as tax from refund_tax_lines r where r.refund_id = f.id) t
      -- an order edit's refund lowered the order's own total (decision 0056): it is not a refund of a sale
      where ${counted} and f.order_edit_id is null and f.created_at >= ${start} and f.created_at < ${end}
    ) given_back`;
}
