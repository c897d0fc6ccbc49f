import { utcLabel } from "~/lib/utc-time";
import { isLiveEntry } from "../../../shared/content-paths";

const BADGE = {
  live: "bg-green-100 text-green-900 dark:bg-green-900 dark:text-green-100",
  scheduled: "bg-sky-100 text-sky-900 dark:bg-sky-900 dark:text-sky-100",
  draft: "bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-100",
  archived: "bg-surface-muted text-ink",
} as const;


/**
 * An entry's state as shoppers see it: live (published, or scheduled with its time passed: the read rule), scheduled
 * for a time to come, a draft or archived.
 */
export function ContentStatus({ status, publishAt, now }: { status: string; publishAt: string | null; now: string }) {
  const live = isLiveEntry({ status, publishAt }, now);
  const shown: keyof typeof BADGE = live ? "live" : status === "scheduled" ? "scheduled" : status === "archived" ? "archived" : "draft";
  const label = { live: "Live", scheduled: "Scheduled", draft: "Draft", archived: "Archived" }[shown];
  return (
    <span className="inline-flex flex-col items-start gap-1">
      <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${BADGE[shown]}`}>
        <span className="sr-only">Status: </span>
        {label}
      </span>
      {shown === "scheduled" && publishAt && <span className="text-xs text-ink-muted">{utcLabel(publishAt)}</span>}
    </span>
  );
}
