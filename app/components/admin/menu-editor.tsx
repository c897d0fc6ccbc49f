import { useEffect, useId, useRef, useState } from "react";
import type { StaffMenuItem } from "../../../server/menus/resolve-menus";
import { buttonClass, secondaryButtonClass } from "~/components/layout/status-screen";
import { FormError, noErrors, Reveal, useStaffCall, type Errors } from "./staff-form-kit";
import { MenuAddForm } from "./menu-add-form";
import { MenuItemRow } from "./menu-item-row";
import { changeList, type DraftItem, fieldPrefix, indexOf, type ItemPath, type MenuTargets, move, parentOf, toDraft, toInput } from "./menu-draft";

const DESCRIPTIONS: Record<string, string> = {
  header: "The links across the top of every page and in the phone menu. A collection with subcategories opens a list of them.",
  footer: "Columns of links at the bottom of every page: add a column, then the links inside it.",
  legal: "The small links beside the copyright line at the very bottom.",
};

/** One menu's editor: its items in order (rename, move, remove, add; links inside the footer's columns), saved as a whole. */
export function MenuEditor({ menu, targets }: { menu: { handle: string; title: string; items: StaffMenuItem[] }; targets: MenuTargets }) {
  const id = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const form = useRef<HTMLDivElement>(null);
  const [items, setItems] = useState(() => toDraft(menu.items));
  const [dirty, setDirty] = useState(false);
  const [errors, setErrors] = useState<Errors>(noErrors);
  const [announcement, setAnnouncement] = useState("");
  const { call, busy } = useStaffCall();
  const footer = menu.handle === "footer";
  const badges = menu.handle === "header";

  function edit(next: DraftItem[], said: string) {
    setItems(next);
    setDirty(true);
    setErrors(noErrors);
    setAnnouncement(said);
  }

  const list = (path: ItemPath) => (parentOf(path) === null ? items : items[parentOf(path)!]!.children);
  const change = (path: ItemPath, fields: Partial<DraftItem>) => edit(changeList(items, parentOf(path), (l) => l.map((item, i) => (i === indexOf(path) ? { ...item, ...fields } : item))), "");
  function moveItem(path: ItemPath, delta: -1 | 1) {
    const siblings = list(path);
    const to = indexOf(path) + delta;
    edit(changeList(items, parentOf(path), (l) => move(l, indexOf(path), to)), `“${siblings[indexOf(path)]!.label}” moved to position ${to + 1} of ${siblings.length}.`);
  }
  function remove(path: ItemPath) {
    const item = list(path)[indexOf(path)]!;
    edit(
      changeList(items, parentOf(path), (l) => l.filter((_, i) => i !== indexOf(path))),
      `“${item.label}” removed${item.children.length ? ` with its ${item.children.length} links` : ""}. Save the menu to publish the change.`,
    );
    heading.current?.focus();
  }
  const add = (parent: number | null) => (item: DraftItem) => edit(changeList(items, parent, (l) => [...l, item]), `“${item.label}” added to the end. Save the menu to publish it.`);

  // The first item the server refused takes the focus, once its error shows (a refused field, or the item's label).
  useEffect(() => {
    if (Object.keys(errors.fields).length === 0) return;
    const within = form.current;
    (within?.querySelector<HTMLElement>('[aria-invalid="true"]') ?? within?.querySelector<HTMLElement>("li[data-invalid] input"))?.focus();
  }, [errors]);

  async function save() {
    const refused = await call("PUT", `/api/admin/menus/${menu.handle}`, { items: toInput(items) }, `${menu.title} menu saved`);
    if (!refused) setDirty(false);
    else {
      setErrors(refused);
      setAnnouncement("");
    }
  }

  const fieldsOf = (path: ItemPath) => {
    const prefix = fieldPrefix(path);
    const own = Object.entries(errors.fields).filter(([key]) => key === prefix || (key.startsWith(`${prefix}.`) && !key.startsWith(`${prefix}.children.`)));
    const field = (key: string) => errors.fields[`${prefix}.${key}`];
    return { labelError: field("label"), urlError: field("url"), rowError: own.filter(([key]) => key !== `${prefix}.label` && key !== `${prefix}.url`).map(([, message]) => message).join("; ") || undefined };
  };
  const menuErrors = [errors.form, ...Object.entries(errors.fields).filter(([key]) => key === "items" || key.startsWith("items.") === false).map(([, m]) => m)].filter(Boolean).join("; ") || null;

  /** What a row's field names say to tell it from the others: its position, and a link's column. */
  const placeOf = (item: DraftItem, path: ItemPath) => {
    if (path.length === 1) return `${item.kind === "group" ? "column" : "item"} ${path[0] + 1}`;
    return `link ${path[1] + 1} in ${items[path[0]]!.label || `column ${path[0] + 1}`}`;
  };

  const row = (item: DraftItem, path: ItemPath, count: number) => (
    <MenuItemRow
      key={item.key}
      item={item}
      targets={targets}
      fieldId={`${id}-${item.key}`}
      place={placeOf(item, path)}
      first={indexOf(path) === 0}
      last={indexOf(path) === count - 1}
      badges={badges}
      {...fieldsOf(path)}
      onChange={(fields) => change(path, fields)}
      onMove={(delta) => moveItem(path, delta)}
      onRemove={() => remove(path)}
    >
      {item.kind === "group" && (
        <div className="mt-3 space-y-3 border-l-2 border-line pl-3 sm:pl-5">
          {item.children.length > 0 ? (
            <ol className="space-y-2" aria-label={`Links in ${item.label}`}>
              {item.children.map((child, j) => row(child, [path[0], j], item.children.length))}
            </ol>
          ) : (
            <p className="text-sm text-ink-muted">No links yet: shoppers don't see an empty column.</p>
          )}
          <Reveal id={`${id}-${item.key}-add`} label={`Add a link to ${item.label || "this column"}`}>
            {() => <MenuAddForm where={item.label || "this column"} targets={targets} onAdd={add(path[0])} />}
          </Reveal>
        </div>
      )}
    </MenuItemRow>
  );

  return (
    <section aria-labelledby={`${id}-title`} className="rounded-2xl border border-line p-4 sm:p-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="max-w-2xl">
          <h2 id={`${id}-title`} ref={heading} tabIndex={-1} className="font-display text-xl font-bold focus:outline-none">
            {menu.title}
          </h2>
          <p className="mt-1 text-sm text-ink-muted">{DESCRIPTIONS[menu.handle]}</p>
        </div>
        {dirty && <p className="rounded-full bg-surface-muted px-3 py-1 text-xs font-semibold">Unsaved changes</p>}
      </div>
      <div ref={form} className="mt-4 space-y-3">
        {items.length > 0 ? (
          <ol className="space-y-2" aria-label={`${menu.title} items`}>
            {items.map((item, i) => row(item, [i], items.length))}
          </ol>
        ) : (
          <p className="text-sm text-ink-muted">This menu is empty.</p>
        )}
        <Reveal id={`${id}-add`} label={footer ? "Add a column" : `Add a link to the ${menu.title.toLowerCase()}`}>
          {() => <MenuAddForm where={menu.title} targets={targets} columns={footer} badges={badges} onAdd={add(null)} />}
        </Reveal>
      </div>
      <FormError id={`${id}-error`} message={menuErrors} />
      <div className="mt-4 flex flex-wrap gap-3">
        <button type="button" onClick={save} disabled={busy} className={`${buttonClass} disabled:opacity-60`}>
          {busy ? "Saving..." : `Save ${menu.title.toLowerCase()} menu`}
        </button>
        {dirty && (
          <button
            type="button"
            onClick={() => {
              setItems(toDraft(menu.items));
              setDirty(false);
              setErrors(noErrors);
              setAnnouncement("Changes discarded.");
            }}
            className={secondaryButtonClass}
          >
            Discard changes
          </button>
        )}
      </div>
      <p role="status" className="sr-only">
        {announcement}
      </p>
    </section>
  );
}
