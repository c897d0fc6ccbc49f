import { type FormEvent, type ReactNode, useState } from "react";
import { ArrowDown, ArrowUp, Trash2 } from "lucide-react";
import { buttonClass, secondaryButtonClass } from "~/components/layout/status-screen";
import { useStaffCall } from "~/lib/use-staff-call";

/** A collection or subcategory as the staff list shows it. */
export interface CollectionRow {
  id: number;
  slug: string;
  name: string;
  description: string;
  hero?: string;
  position: number;
  productCount: number;
}

const inputClass = "mt-1 h-10 w-full rounded-xl border border-line bg-surface px-3 text-sm";
/** Where a saved collection shows, as the toast says. */
const SHOWN = "The store's menus and pages show it now.";
const iconButton = "inline-flex size-9 items-center justify-center rounded-lg border border-line text-ink-muted hover:text-ink disabled:opacity-40";

function TextField({ id, label, hint, describedBy, value, onChange, required = false, long = false }: { id: string; label: string; hint?: string; describedBy?: string; value: string; onChange: (v: string) => void; required?: boolean; long?: boolean }) {
  const described = describedBy ?? (hint ? `${id}-hint` : undefined);
  return (
    <div className={long ? "sm:col-span-2" : undefined}>
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      {long ? (
        <textarea id={id} value={value} onChange={(e) => onChange(e.target.value)} aria-describedby={described} rows={2} className="mt-1 w-full rounded-xl border border-line bg-surface px-3 py-2 text-sm" />
      ) : (
        <input id={id} value={value} required={required} onChange={(e) => onChange(e.target.value)} aria-describedby={described} className={inputClass} />
      )}
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-ink-muted">
          {hint}
        </p>
      )}
    </div>
  );
}

/** One collection or subcategory: its texts (saved together), its place in the menu, and delete when it is empty. */
export function CollectionItem({ row, kind, first, last, blockedBy, children }: { row: CollectionRow; kind: "collection" | "subcategory"; first: boolean; last: boolean; blockedBy: string | null; children?: ReactNode }) {
  const { call, busy } = useStaffCall(SHOWN);
  const [name, setName] = useState(row.name);
  const [description, setDescription] = useState(row.description);
  const [hero, setHero] = useState(row.hero ?? "");
  const change = {
    ...(name.trim() !== row.name ? { name: name.trim() } : {}),
    ...(description.trim() !== row.description ? { description: description.trim() } : {}),
    ...(row.hero !== undefined && hero.trim() !== row.hero ? { hero: hero.trim() } : {}),
  };
  const id = `${kind}-${row.id}`;
  const move = (by: number) => call("PATCH", `/api/admin/collections/${row.id}`, { position: row.position + 1 + by }, `${row.name} moved`);
  async function save(event: FormEvent) {
    event.preventDefault();
    await call("PATCH", `/api/admin/collections/${row.id}`, change, `${name.trim()} saved`);
  }
  async function remove() {
    if (!window.confirm(`Delete ${row.name}? Its address /category/…/${row.slug} will show Category Not Found.`)) return;
    await call("DELETE", `/api/admin/collections/${row.id}`, undefined, `${row.name} deleted`);
  }
  return (
    <section aria-labelledby={`${id}-title`} className={kind === "collection" ? "rounded-2xl border border-line p-5" : "rounded-xl bg-surface-muted px-4 py-3"}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          {kind === "collection" ? (
            <h2 id={`${id}-title`} className="font-display text-xl font-bold">
              {row.name}
            </h2>
          ) : (
            <h3 id={`${id}-title`} className="font-semibold">
              {row.name}
            </h3>
          )}
          <p className="text-sm text-ink-muted">
            <span className="font-mono text-xs">{row.slug}</span> · {row.productCount} {row.productCount === 1 ? "product" : "products"}
          </p>
        </div>
        <div className="flex gap-2">
          <button type="button" onClick={() => move(-1)} disabled={busy || first} aria-label={`Move ${row.name} up`} className={iconButton}>
            <ArrowUp aria-hidden="true" className="size-4" />
          </button>
          <button type="button" onClick={() => move(1)} disabled={busy || last} aria-label={`Move ${row.name} down`} className={iconButton}>
            <ArrowDown aria-hidden="true" className="size-4" />
          </button>
          <button type="button" onClick={remove} disabled={busy || blockedBy !== null} aria-label={`Delete ${row.name}`} title={blockedBy ?? undefined} className={iconButton}>
            <Trash2 aria-hidden="true" className="size-4" />
          </button>
        </div>
      </div>
      <details className="mt-3 group">
        <summary className="inline-flex cursor-pointer items-center gap-1 rounded-lg text-sm font-semibold text-brand-700 hover:underline dark:text-brand-100">
          Edit <span className="sr-only">{row.name}:</span> name and texts
        </summary>
        <form onSubmit={save} className="mt-3 grid gap-3 sm:grid-cols-2">
          <TextField id={`${id}-name`} label="Name" value={name} onChange={setName} required />
          {row.hero !== undefined && <TextField id={`${id}-hero`} label="Hero line" hint="Under the heading of its page." value={hero} onChange={setHero} />}
          <TextField id={`${id}-description`} label={kind === "collection" ? "Description" : "Intro"} hint={kind === "collection" ? "Its home page banner and search result text." : "Under the heading of its page."} value={description} onChange={setDescription} long />
          <div className="sm:col-span-2">
            <button type="submit" disabled={busy || Object.keys(change).length === 0} className={`${secondaryButtonClass} h-10 disabled:opacity-50`}>
              Save {row.name}
            </button>
          </div>
        </form>
      </details>
      {children}
    </section>
  );
}

/** Adds a collection, or a subcategory of `parent`: its slug is its address and stays. */
export function NewCollectionForm({ parent }: { parent: { slug: string; name: string } | null }) {
  const { call, busy } = useStaffCall(SHOWN);
  const [slug, setSlug] = useState("");
  const [name, setName] = useState("");
  const id = parent ? `new-sub-${parent.slug}` : "new-collection";
  async function add(event: FormEvent) {
    event.preventDefault();
    const added = await call("POST", "/api/admin/collections", { slug: slug.trim(), name: name.trim(), parent: parent?.slug ?? null }, `${name.trim()} added`);
    if (added) {
      setSlug("");
      setName("");
    }
  }
  return (
    <form onSubmit={add} aria-label={parent ? `New subcategory of ${parent.name}` : "New collection"} className="mt-4">
      <div className="flex flex-wrap items-end gap-3">
        <TextField id={`${id}-name`} label={parent ? "New subcategory" : "New collection"} value={name} onChange={setName} required />
        <TextField id={`${id}-slug`} label="Address" describedBy={`${id}-address`} value={slug} onChange={setSlug} required />
        <button type="submit" disabled={busy} className={`${parent ? secondaryButtonClass : buttonClass} h-10`}>
          Add
        </button>
      </div>
      <p id={`${id}-address`} className="mt-1 text-xs text-ink-muted">
        Its page will be /category/{parent ? `${parent.slug}/` : ""}
        {slug || "…"}: lowercase letters, digits and dashes. The address can't change later.
      </p>
    </form>
  );
}
