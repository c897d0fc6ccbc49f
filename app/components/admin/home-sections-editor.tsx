import { Plus, Save } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import type { HomeSectionType } from "../../../server/db/schema";
import type { HomeSectionJson } from "../../../server/home/home-store";
import { HOME_SECTION_CHOICES, startingSettings } from "../../../server/home/section-choices";
import { HomeSectionRow, moveButtonId, sectionName, type SectionDraft } from "~/components/admin/home-section-row";
import { FormError, noErrors, SelectInput, useFocusFirstError, useStaffCall, type Errors } from "~/components/admin/staff-form-kit";
import { buttonClass } from "~/components/layout/status-screen";

/** Saved sections are keyed by id (the same on the server's render and the browser's); added ones by a counter. */
const fromSaved = ({ id, type, settings, visible, startsAt, endsAt }: HomeSectionJson): SectionDraft => ({ key: `s${id}`, type, settings, visible, startsAt, endsAt });
let added = 0;
const toInput = ({ key: _key, ...section }: SectionDraft) => section;

/**
 * The home page's sections as one list staff reorder, show or hide, schedule, edit, add to and remove from, then save
 * at once (PUT replaces the list). The server's errors show under the fields of the section they name.
 */
export function HomeSectionsEditor({ sections, collections, now }: { sections: HomeSectionJson[]; collections: { slug: string; name: string }[]; now: number }) {
  const [drafts, setDrafts] = useState(() => sections.map(fromSaved));
  const [open, setOpen] = useState<string | null>(null);
  const [adding, setAdding] = useState<HomeSectionType>("product_grid");
  const [errors, setErrors] = useState<Errors>(noErrors);
  const { call, busy } = useStaffCall();
  const list = useRef<HTMLDivElement>(null);
  useFocusFirstError(list, errors);
  const changed = JSON.stringify(drafts.map(toInput)) !== JSON.stringify(sections.map(({ type, settings, visible, startsAt, endsAt }) => ({ type, settings, visible, startsAt, endsAt })));

  const heading = useRef<HTMLHeadingElement>(null);
  const [announcement, setAnnouncement] = useState("");
  // The button that moved a section, focused again once the list has moved (moving a focused element drops its focus).
  const refocus = useRef<string | null>(null);
  useEffect(() => {
    if (refocus.current) document.getElementById(refocus.current)?.focus();
    refocus.current = null;
  }, [drafts]);

  const update = (next: SectionDraft[], said = "") => {
    setDrafts(next);
    setErrors(noErrors);
    setAnnouncement(said);
  };
  const move = (index: number, by: -1 | 1) => {
    const next = [...drafts];
    [next[index], next[index + by]] = [next[index + by]!, next[index]!];
    refocus.current = moveButtonId(next[index + by]!.key, by);
    update(next, `${sectionName(next[index + by]!, collections)} moved to position ${index + by + 1} of ${next.length}.`);
  };
  function remove(draft: SectionDraft) {
    update(
      drafts.filter((d) => d.key !== draft.key),
      `${sectionName(draft, collections)} removed. Save the sections to publish the change.`,
    );
    heading.current?.focus();
  }
  function add() {
    const draft: SectionDraft = { key: `n${++added}`, type: adding, settings: startingSettings(adding), visible: true, startsAt: null, endsAt: null };
    update([...drafts, draft], `${sectionName(draft, collections)} added at the end, its settings open. Save the sections to publish it.`);
    setOpen(draft.key);
  }
  async function save() {
    const result = await call("PUT", "/api/admin/home/sections", { sections: drafts.map(toInput) }, "Home page saved");
    setErrors(result ?? noErrors);
    const first = result && Object.keys(result.fields).map((f) => /^sections\.(\d+)\./.exec(f)?.[1]).find(Boolean);
    if (first !== undefined) setOpen(drafts[Number(first)]?.key ?? null);
  }
  const errorsOf = (index: number) => {
    const prefix = `sections.${index}.`;
    return { error: (field: string) => errors.fields[prefix + field], hasErrors: Object.keys(errors.fields).some((f) => f.startsWith(prefix)) };
  };

  return (
    <section aria-labelledby="home-sections-title" className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="home-sections-title" ref={heading} tabIndex={-1} className="font-display text-2xl font-bold focus:outline-none">
            Sections
          </h2>
          <p className="text-sm text-ink-muted">Top to bottom, as shoppers see them. Changes show on the home page once saved.</p>
        </div>
        <button type="button" onClick={() => void save()} disabled={busy || !changed} className={`${buttonClass} disabled:opacity-50`}>
          <Save aria-hidden="true" className="size-4" />
          {busy ? "Saving..." : "Save sections"}
        </button>
      </div>
      <FormError id="home-sections-error" message={errors.form} />
      <div ref={list}>
        {drafts.length === 0 ? (
          <p className="rounded-2xl border border-dashed border-line p-6 text-center text-ink-muted">No sections: the home page shows only the header and footer.</p>
        ) : (
          <ol className="space-y-3">
            {drafts.map((draft, index) => (
              <HomeSectionRow
                key={draft.key}
                draft={draft}
                index={index}
                count={drafts.length}
                open={open === draft.key}
                now={now}
                collections={collections}
                {...errorsOf(index)}
                onChange={(next) => update(drafts.map((d) => (d.key === draft.key ? next : d)))}
                onMove={(by) => move(index, by)}
                onToggleOpen={() => setOpen(open === draft.key ? null : draft.key)}
                onRemove={() => remove(draft)}
              />
            ))}
          </ol>
        )}
      </div>
      <div className="flex flex-wrap items-end gap-3 rounded-2xl border border-dashed border-line p-4">
        <SelectInput
          id="home-add-type"
          label="Add a section"
          value={adding}
          options={HOME_SECTION_CHOICES.map((c) => [c.type, `${c.label}: ${c.description}`] as const)}
          onChange={(e) => setAdding(e.target.value as HomeSectionType)}
          className="min-w-0 flex-1"
        />
        <button type="button" onClick={add} className="inline-flex h-10 items-center gap-1.5 rounded-xl border border-ink px-4 text-sm font-semibold hover:bg-ink hover:text-surface">
          <Plus aria-hidden="true" className="size-4" /> Add
        </button>
      </div>
      {changed && (
        <p role="status" className="text-sm font-medium text-ink-muted">
          Unsaved changes: save the sections to publish them.
        </p>
      )}
      <p role="status" className="sr-only">
        {announcement}
      </p>
    </section>
  );
}
