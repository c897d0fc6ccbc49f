import { ArrowDown, ArrowUp, Eye, EyeOff, Pencil, Trash2 } from "lucide-react";
import type { HomeSectionType } from "../../../server/db/schema";
import { sectionLabel } from "../../../server/home/section-choices";
import { Pill } from "~/components/admin/home-form-bits";
import { toUtcInput, fromUtcInput, utcLabel } from "~/lib/utc-time";
import { SectionSettingsFields } from "~/components/admin/section-settings-fields";
import { smallButtonClass, TextInput } from "~/components/admin/staff-form-kit";

export interface SectionDraft {
  key: string;
  type: HomeSectionType;
  settings: Record<string, unknown>;
  visible: boolean;
  startsAt: string | null;
  endsAt: string | null;
}

/** A line that tells sections of one type apart in the list ("New arrivals", "Men's"). */
function summary(s: SectionDraft, collections: { slug: string; name: string }[]) {
  const text = s.settings.title ?? s.settings.heading ?? collections.find((c) => c.slug === s.settings.collection)?.name ?? s.settings.collection;
  return typeof text === "string" && text ? text : null;
}

/** "Product grid (New arrivals)": a section's name in labels and announcements. */
export function sectionName(s: SectionDraft, collections: { slug: string; name: string }[]) {
  const about = summary(s, collections);
  return `${sectionLabel(s.type)}${about ? ` (${about})` : ""}`;
}

/** The id of a section's move button, to give it the focus back once the list has moved. */
export const moveButtonId = (key: string, by: -1 | 1) => `section-${key}-${by < 0 ? "up" : "down"}`;

const moveClass = `${smallButtonClass} aria-disabled:cursor-not-allowed aria-disabled:opacity-40 aria-disabled:hover:border-line`;

function windowPill(s: SectionDraft, now: number) {
  if (!s.visible) return <Pill>Hidden</Pill>;
  if (s.startsAt && Date.parse(s.startsAt) > now) return <Pill tone="warn">Starts {utcLabel(s.startsAt)}</Pill>;
  if (s.endsAt && Date.parse(s.endsAt) <= now) return <Pill>Ended {utcLabel(s.endsAt)}</Pill>;
  if (s.endsAt) return <Pill tone="good">Shown until {utcLabel(s.endsAt)}</Pill>;
  return <Pill tone="good">Shown</Pill>;
}

/** One section in the staff's list: its place, show/hide, its window and settings (opened in place), and remove. */
export function HomeSectionRow({
  draft,
  index,
  count,
  open,
  now,
  collections,
  error,
  hasErrors,
  onChange,
  onMove,
  onToggleOpen,
  onRemove,
}: {
  draft: SectionDraft;
  index: number;
  count: number;
  open: boolean;
  now: number;
  collections: { slug: string; name: string }[];
  error: (field: string) => string | undefined;
  /** The server refused something in this section. */
  hasErrors: boolean;
  onChange: (draft: SectionDraft) => void;
  onMove: (by: -1 | 1) => void;
  onToggleOpen: () => void;
  onRemove: () => void;
}) {
  const label = sectionLabel(draft.type);
  const about = summary(draft, collections);
  const what = `${sectionName(draft, collections)}, section ${index + 1}`;
  const panelId = `section-${draft.key}-settings`;
  return (
    <li className="rounded-2xl border border-line bg-surface p-4" aria-label={what}>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <span className="grid size-8 shrink-0 place-items-center rounded-full bg-surface-muted text-sm font-bold tabular-nums" aria-hidden="true">
          {index + 1}
        </span>
        <div className="min-w-0 flex-1">
          <p className="font-semibold">
            {label}
            {about && <span className="font-normal text-ink-muted"> · {about}</span>}
          </p>
          <div className="mt-1 flex flex-wrap gap-2">{windowPill(draft, now)}</div>
        </div>
        <div className="flex flex-wrap gap-2">
          {/* aria-disabled, not disabled: the button that took a section to the top or bottom keeps the focus. */}
          <button type="button" id={moveButtonId(draft.key, -1)} onClick={() => index > 0 && onMove(-1)} aria-disabled={index === 0 || undefined} className={moveClass}>
            <ArrowUp aria-hidden="true" className="size-4" />
            <span className="sr-only">Move {what} up</span>
          </button>
          <button type="button" id={moveButtonId(draft.key, 1)} onClick={() => index < count - 1 && onMove(1)} aria-disabled={index === count - 1 || undefined} className={moveClass}>
            <ArrowDown aria-hidden="true" className="size-4" />
            <span className="sr-only">Move {what} down</span>
          </button>
          <button type="button" onClick={() => onChange({ ...draft, visible: !draft.visible })} className={smallButtonClass}>
            {draft.visible ? <EyeOff aria-hidden="true" className="size-4" /> : <Eye aria-hidden="true" className="size-4" />}
            <span className="max-sm:sr-only">{draft.visible ? "Hide" : "Show"}</span>
            <span className="sr-only"> {what}</span>
          </button>
          <button type="button" onClick={onToggleOpen} aria-expanded={open} aria-controls={panelId} className={smallButtonClass}>
            <Pencil aria-hidden="true" className="size-4" />
            Edit<span className="sr-only"> {what}</span>
          </button>
          <button type="button" onClick={onRemove} className={smallButtonClass}>
            <Trash2 aria-hidden="true" className="size-4" />
            <span className="max-sm:sr-only">Remove</span>
            <span className="sr-only"> {what}</span>
          </button>
        </div>
      </div>
      {hasErrors && !open && <p className="mt-2 text-sm font-medium text-red-700 dark:text-red-400">This section has an error: open it to fix it.</p>}
      <div id={panelId} hidden={!open} className="mt-4 grid gap-4 border-t border-line pt-4 sm:grid-cols-2">
        {open && (
          <>
            <SectionSettingsFields
              id={`section-${draft.key}`}
              type={draft.type}
              settings={draft.settings}
              onChange={(settings) => onChange({ ...draft, settings })}
              error={(field) => error(`settings.${field}`) ?? (field === "" ? error("settings") : undefined)}
              collections={collections}
            />
            <TextInput
              id={`section-${draft.key}-starts`}
              label="Starts (UTC, optional)"
              type="datetime-local"
              value={toUtcInput(draft.startsAt)}
              onChange={(e) => onChange({ ...draft, startsAt: fromUtcInput(e.target.value) })}
              hint="Empty: shown from now."
              error={error("startsAt")}
            />
            <TextInput
              id={`section-${draft.key}-ends`}
              label="Ends (UTC, optional)"
              type="datetime-local"
              value={toUtcInput(draft.endsAt)}
              onChange={(e) => onChange({ ...draft, endsAt: fromUtcInput(e.target.value) })}
              hint="Empty: shown until it is hidden or removed."
              error={error("endsAt")}
            />
          </>
        )}
      </div>
    </li>
  );
}
