import { cn } from "~/lib/cn";

/** SPEC §2 /account: delivered green, shipped blue, processing yellow, pending and others grey. */
const colors: Record<string, string> = {
  delivered: "bg-green-100 text-green-800 dark:bg-green-900 dark:text-green-200",
  shipped: "bg-blue-100 text-blue-800 dark:bg-blue-900 dark:text-blue-200",
  processing: "bg-yellow-100 text-yellow-900 dark:bg-yellow-900 dark:text-yellow-100",
};
const badge = "inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold capitalize";

/** Statuses of an order still being fulfilled: only they can be partly refunded (canceled and refunded are whole). */
const FULFILMENT = new Set(["paid", "processing", "shipped", "delivered"]);

/** An order's status, and "partially refunded" beside it while some but not all of it has been given back. */
export function OrderBadge({ status, refunded = 0 }: { status: string; refunded?: number }) {
  return (
    <span className="inline-flex flex-wrap gap-1">
      <span className={cn(badge, colors[status] ?? "bg-surface-muted text-ink")}>{status}</span>
      {refunded > 0 && FULFILMENT.has(status) && <span className={cn(badge, "bg-purple-100 text-purple-900 dark:bg-purple-900 dark:text-purple-100")}>partially refunded</span>}
    </span>
  );
}
