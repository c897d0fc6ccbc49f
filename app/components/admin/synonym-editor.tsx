import { type FormEvent, useState } from "react";
import { buttonClass, secondaryButtonClass } from "~/components/layout/status-screen";
import { useStaffCall } from "~/lib/use-staff-call";

const inputClass = "h-10 w-full rounded-xl border border-line bg-surface px-3 text-sm";
/** Where a saved synonym group shows, as the toast says. */
const SHOWN = "The next search uses it.";
/** "tee, t-shirt" → ["tee", "t-shirt"] (the server checks each term). */
const termsOf = (text: string) => text.split(",").map((t) => t.trim()).filter(Boolean);

export function SynonymGroupRow({ group }: { group: { id: number; terms: string[] } }) {
  const { call, busy } = useStaffCall(SHOWN);
  const [text, setText] = useState(group.terms.join(", "));
  const id = `synonyms-${group.id}`;
  async function save(event: FormEvent) {
    event.preventDefault();
    await call("PUT", `/api/admin/synonyms/${group.id}`, { terms: termsOf(text) }, "Synonyms saved");
  }
  return (
    <li>
      <form onSubmit={save} className="flex flex-col gap-2 rounded-2xl border border-line p-3 sm:flex-row sm:items-center">
        <label htmlFor={id} className="sr-only">
          Synonym group {group.terms.join(", ")}
        </label>
        <input id={id} value={text} onChange={(e) => setText(e.target.value)} className={inputClass} />
        <div className="flex shrink-0 gap-2">
          <button type="submit" disabled={busy || text === group.terms.join(", ")} className={secondaryButtonClass}>
            Save
          </button>
          <button type="button" disabled={busy} onClick={() => call("DELETE", `/api/admin/synonyms/${group.id}`, undefined, "Synonyms removed")} className={secondaryButtonClass}>
            Remove<span className="sr-only"> {group.terms.join(", ")}</span>
          </button>
        </div>
      </form>
    </li>
  );
}

export function NewSynonymGroup({ initial }: { initial: string }) {
  const { call, busy } = useStaffCall(SHOWN);
  const [text, setText] = useState(initial ? `${initial}, ` : "");
  async function add(event: FormEvent) {
    event.preventDefault();
    if (await call("POST", "/api/admin/synonyms", { terms: termsOf(text) }, "Synonyms added")) setText("");
  }
  return (
    <form id="new-synonyms" onSubmit={add} className="mt-6 rounded-2xl border border-dashed border-line p-4">
      <label htmlFor="new-synonym-terms" className="block text-sm font-medium">
        New group
      </label>
      <p id="new-synonym-hint" className="mt-1 text-xs text-ink-muted">
        Two or more words or phrases, separated by commas: jumper, sweater, pullover.
      </p>
      <div className="mt-2 flex flex-col gap-2 sm:flex-row">
        <input id="new-synonym-terms" value={text} autoFocus={Boolean(initial)} onChange={(e) => setText(e.target.value)} aria-describedby="new-synonym-hint" className={inputClass} />
        <button type="submit" disabled={busy || termsOf(text).length < 2} className={`${buttonClass} shrink-0`}>
          Add group
        </button>
      </div>
    </form>
  );
}
