import { cn } from "~/lib/cn";

/** SPEC §2 /account: delivered green, shipped blue, processing yellow, pending and others grey. */
const colors: Record<string, string> = {
  delivered: "bg-green-100 text-green-800 dark:bg-green-900 dark:text-green-200",
  shipped: "bg-blue-100 text-blue-800 dark:bg-blue-900 dark:text-blue-200",
  processing: "bg-yellow-100 text-yellow-900 dark:bg-yellow-900 dark:text-yellow-100",
};

export function OrderBadge({ status }: { status: string }) {
  return (
    <span className={cn("inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold capitalize", colors[status] ?? "bg-surface-muted text-ink")}>{status}</span>
  );
}
