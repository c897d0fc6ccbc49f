/** A product's status as a coloured pill: active green, draft amber, archived grey. */
const STATUS_BADGE = {
  active: "bg-green-100 text-green-900 dark:bg-green-900 dark:text-green-100",
  draft: "bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-100",
  archived: "bg-surface-muted text-ink",
} as const;

export function StatusBadge({ status }: { status: keyof typeof STATUS_BADGE }) {
  return (
    <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${STATUS_BADGE[status]}`}>
      <span className="sr-only">Status: </span>
      {status[0]!.toUpperCase() + status.slice(1)}
    </span>
  );
}
