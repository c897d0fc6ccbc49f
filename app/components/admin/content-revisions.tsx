import { Archive, RotateCcw } from "lucide-react";
import { smallButtonClass, useStaffCall } from "~/components/admin/staff-form-kit";
import { utcLabel } from "~/lib/utc-time";
import { entryPath } from "../../../shared/content-paths";
import type { ContentKind } from "./content-form";

interface Revision {
  id: number;
  actor: string;
  at: string;
  snapshot: { title: string; slug: string; status: string };
}

const who = (actor: string) => actor.replace(/^(staff|system):/, "");

/**
 * Every saved version of an entry, newest first: restoring one puts back its words (the address and status stay).
 * Archiving takes the entry down; a menu that links to it refuses that, and says which.
 */
export function ContentRevisions({ entryId, kind, status, revisions, oldSlugs }: { entryId: number; kind: ContentKind; status: string; revisions: Revision[]; oldSlugs: string[] }) {
  const { call, busy } = useStaffCall();
  return (
    <div className="mt-10 grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
      <section aria-labelledby="revisions-heading">
        <h2 id="revisions-heading" className="font-display text-xl font-bold">
          Revisions
        </h2>
        {revisions.length === 0 && <p className="mt-3 text-sm text-ink-muted">None yet: it is as the store was first set up. Each save from now on keeps one.</p>}
        <ol className="mt-3 divide-y divide-line rounded-2xl border border-line empty:hidden">
          {revisions.map((r, i) => (
            <li key={r.id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3 text-sm">
              <div className="min-w-0">
                <p className="font-semibold">{r.snapshot.title}</p>
                <p className="text-ink-muted">
                  {utcLabel(r.at)} by {who(r.actor)}
                  {i === 0 && " · the current version"}
                </p>
              </div>
              {i > 0 && (
                <button type="button" disabled={busy} onClick={() => void call("POST", `/api/admin/content/${entryId}/revisions/${r.id}/restore`, {}, "Revision restored", { toastError: true })} className={smallButtonClass} aria-label={`Restore the version of ${utcLabel(r.at)}`}>
                  <RotateCcw aria-hidden="true" className="size-4" />
                  Restore
                </button>
              )}
            </li>
          ))}
        </ol>
      </section>
      <div className="grid content-start gap-4">
        {oldSlugs.length > 0 && (
          <section aria-labelledby="old-addresses-heading" className="rounded-2xl border border-line p-4 text-sm">
            <h2 id="old-addresses-heading" className="font-semibold">
              Earlier addresses (redirected here)
            </h2>
            <ul className="mt-2 space-y-1 font-mono text-xs">
              {oldSlugs.map((slug) => (
                <li key={slug}>{entryPath({ kind, slug })}</li>
              ))}
            </ul>
          </section>
        )}
        {status !== "archived" && (
          <button type="button" disabled={busy} onClick={() => void call("POST", `/api/admin/content/${entryId}/archive`, {}, "Archived: shoppers no longer see it", { toastError: true })} className={smallButtonClass}>
            <Archive aria-hidden="true" className="size-4" />
            Archive
          </button>
        )}
      </div>
    </div>
  );
}
