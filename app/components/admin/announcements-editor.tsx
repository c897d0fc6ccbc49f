import { useState } from "react";
import type { HomeOverview } from "../../../server/home/home-service";
import { AnnouncementForm } from "~/components/admin/announcement-form";
import { Pill } from "~/components/admin/home-form-bits";
import { utcLabel } from "~/lib/utc-time";
import { RowActions } from "~/components/admin/row-actions";
import { Reveal, useStaffCall } from "~/components/admin/staff-form-kit";

type Announcement = HomeOverview["announcements"][number];

/** Whether it shows now, and if not, why: "not shown" always says what to change. */
function State({ a }: { a: Announcement }) {
  switch (a.state) {
    case "showing":
      return <Pill tone="good">Showing now</Pill>;
    case "behind":
      return <Pill>Live, behind an earlier one</Pill>;
    case "off":
      return <Pill>Off</Pill>;
    case "scheduled":
      return <Pill tone="warn">Starts {utcLabel(a.startsAt!)}</Pill>;
    case "ended":
      return <Pill>Ended {utcLabel(a.endsAt!)}</Pill>;
    case "no_free_shipping":
      return <Pill tone="warn">Not shown: no free-shipping amount</Pill>;
  }
}

/** The bar's announcements: the first live one by order shows above the header on every storefront page. */
export function AnnouncementsEditor({ announcements, freeShippingFromCents }: { announcements: Announcement[]; freeShippingFromCents: number | null }) {
  const [editing, setEditing] = useState<number | null>(null);
  const { call, busy } = useStaffCall();
  return (
    <section aria-labelledby="announcements-title" className="space-y-4">
      <div>
        <h2 id="announcements-title" className="font-display text-2xl font-bold">
          Announcement bar
        </h2>
        <p className="text-sm text-ink-muted">The first live announcement in this order shows above the header on every storefront page.</p>
      </div>
      {announcements.length === 0 && <p className="rounded-2xl border border-dashed border-line p-6 text-center text-ink-muted">No announcements: the bar is hidden.</p>}
      <ul className="space-y-3">
        {announcements.map((a) => (
          <li key={`${a.id}-${a.updatedAt}`} className="rounded-2xl border border-line p-4" aria-label={`Announcement: ${a.message}`}>
            <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
              <div className="min-w-0 flex-1 space-y-1">
                <p className="font-semibold [overflow-wrap:anywhere]">{a.message}</p>
                {a.text !== null && a.text !== a.message && <p className="text-sm text-ink-muted">Reads: “{a.text}”</p>}
                {a.state === "no_free_shipping" && (
                  <p className="text-sm text-amber-900 dark:text-amber-200">
                    It names the free-shipping amount, but your shipping rules don't make every order free from an amount. Add a free-shipping rate to every zone at Shipping, or take the
                    placeholder out.
                  </p>
                )}
                <div className="flex flex-wrap gap-2 pt-1">
                  <State a={a} />
                  <Pill>Order {a.position}</Pill>
                  {a.linkUrl && <Pill>Links to {a.linkUrl}</Pill>}
                </div>
              </div>
              <RowActions
                what={`announcement “${a.message}”`}
                editing={editing === a.id}
                busy={busy}
                onEdit={() => setEditing(editing === a.id ? null : a.id)}
                onDelete={() => void call("DELETE", `/api/admin/announcements/${a.id}`, undefined, "Announcement deleted", { toastError: true })}
              />
            </div>
            {editing === a.id && (
              <div className="mt-4 border-t border-line pt-4">
                <AnnouncementForm id={`announcement-${a.id}`} announcement={a} freeShippingFromCents={freeShippingFromCents} onDone={() => setEditing(null)} />
              </div>
            )}
          </li>
        ))}
      </ul>
      <Reveal id="announcement-new" label="Add an announcement">
        {(close) => <AnnouncementForm id="announcement-new-form" freeShippingFromCents={freeShippingFromCents} onDone={close} />}
      </Reveal>
    </section>
  );
}
