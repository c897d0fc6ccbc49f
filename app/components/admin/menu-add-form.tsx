import { type FormEvent, useId, useState } from "react";
import { Plus } from "lucide-react";
import { cn } from "~/lib/cn";
import { TextInput, SelectInput, smallButtonClass } from "./staff-form-kit";
import { type DraftItem, type MenuTargets, newKey } from "./menu-draft";

type LinkKind = "collection" | "entry" | "product" | "url" | "group";

const KIND_OPTIONS: [LinkKind, string][] = [
  ["collection", "Collection"],
  ["entry", "Page, policy or post"],
  ["product", "Product"],
  ["url", "Address"],
];

const ENTRY_GROUPS = [
  ["page", "Pages"],
  ["policy", "Policies"],
  ["post", "Blog posts"],
] as const;

const selectClass = (error?: string) => cn("mt-1 h-10 w-full rounded-xl border bg-surface px-3 text-sm", error ? "border-red-600 dark:border-red-400" : "border-line");

/**
 * Adds a link (or, in the footer, a column) to a menu being edited: a label, what it links to and that target. The
 * item joins the list at once; the menu is saved as a whole.
 */
export function MenuAddForm({ where, targets, columns = false, badges = false, onAdd }: { where: string; targets: MenuTargets; columns?: boolean; badges?: boolean; onAdd: (item: DraftItem) => void }) {
  const id = useId();
  const [kind, setKind] = useState<LinkKind>(columns ? "group" : "collection");
  const [errors, setErrors] = useState<Record<string, string>>({});

  function add(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const text = (name: string) => String(data.get(name) ?? "").trim();
    const label = text("label");
    const target = text("target");
    const found: Record<string, string> = {};
    if (!label) found.label = "Give the link a label";
    if (kind !== "group" && !target) found.target = kind === "url" ? "Enter an address" : "Choose what it links to";
    if (kind === "product" && target && !/^[1-9]\d{0,9}$/.test(target)) found.target = "Enter the product's number";
    setErrors(found);
    if (Object.keys(found).length) {
      form.querySelector<HTMLElement>(`[name="${Object.keys(found)[0]}"]`)?.focus();
      return;
    }
    const targetId = kind === "collection" || kind === "entry" || kind === "product" ? Number(target) : null;
    const collection = kind === "collection" ? targets.collections.find((c) => c.id === targetId) : undefined;
    const entry = kind === "entry" ? targets.entries.find((e) => e.id === targetId) : undefined;
    onAdd({
      key: newKey(),
      label,
      kind,
      targetId,
      url: kind === "url" ? target : null,
      badge: badges && text("badge") ? text("badge") : null,
      href: collection?.href ?? entry?.href ?? (kind === "product" ? `/product/${target}` : kind === "url" ? target : null),
      targetTitle: collection?.title ?? entry?.title ?? null,
      live: entry ? entry.live : true,
      children: [],
    });
    form.reset();
    setKind(columns ? "group" : "collection");
    form.querySelector<HTMLElement>('[name="label"]')?.focus();
  }

  const kinds: [LinkKind, string][] = columns ? [["group", "Column"]] : KIND_OPTIONS;
  return (
    <form onSubmit={add} noValidate aria-label={`Add to ${where}`} className="grid gap-3 rounded-xl border border-dashed border-line p-4 sm:grid-cols-2">
      <TextInput id={`${id}-label`} name="label" label="Label" maxLength={60} autoComplete="off" error={errors.label} />
      {kinds.length > 1 && <SelectInput id={`${id}-kind`} name="kind" label="Links to" value={kind} onChange={(e) => setKind(e.target.value as LinkKind)} options={kinds} />}
      {kind === "collection" && <SelectInput id={`${id}-target`} name="target" label="Collection" error={errors.target} options={[["", "Choose a collection"], ...targets.collections.map((c) => [String(c.id), c.title] as const)]} />}
      {kind === "entry" && (
        <div>
          <label htmlFor={`${id}-target`} className="block text-sm font-medium">
            Page or post
          </label>
          <select
            id={`${id}-target`}
            name="target"
            aria-invalid={errors.target ? true : undefined}
            aria-describedby={[targets.moreEntries && `${id}-target-hint`, errors.target && `${id}-target-error`].filter(Boolean).join(" ") || undefined}
            className={selectClass(errors.target)}
          >
            <option value="">Choose a page or post</option>
            {ENTRY_GROUPS.map(([entryKind, heading]) => (
              <optgroup key={entryKind} label={heading}>
                {targets.entries
                  .filter((e) => e.kind === entryKind)
                  .map((e) => (
                    <option key={e.id} value={e.id}>
                      {e.title}
                      {e.live ? "" : ` (${e.status}: hidden until live)`}
                    </option>
                  ))}
              </optgroup>
            ))}
          </select>
          {targets.moreEntries && (
            <p id={`${id}-target-hint`} className="mt-1 text-xs text-ink-muted">
              Only the {targets.entries.length} most recently edited pages, policies and posts are listed. To link an older one, choose Address under Links to and enter its address.
            </p>
          )}
          {errors.target && (
            <p id={`${id}-target-error`} className="mt-1 text-sm font-medium text-red-700 dark:text-red-400">
              {errors.target}
            </p>
          )}
        </div>
      )}
      {kind === "product" && <TextInput id={`${id}-target`} name="target" label="Product number" inputMode="numeric" hint="The number in the product's address: /product/12 is 12." error={errors.target} />}
      {kind === "url" && <TextInput id={`${id}-target`} name="target" label="Address" placeholder="/category/sale" hint={'A path on this store ("/contact") or an https:// address.'} error={errors.target} />}
      {badges && kind !== "group" && <TextInput id={`${id}-badge`} name="badge" label="Badge (optional)" maxLength={12} placeholder="NEW" hint="A short word shown beside the link." />}
      <div className="flex items-end sm:col-span-2">
        <button type="submit" className={smallButtonClass}>
          <Plus aria-hidden="true" className="size-4" />
          Add to {where}
        </button>
      </div>
    </form>
  );
}
