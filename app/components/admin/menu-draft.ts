import type { StaffMenuItem } from "../../../server/menus/resolve-menus";

/** What staff can link to, as GET /api/admin/menus lists it. */
export interface MenuTargets {
  collections: { id: number; title: string; href: string }[];
  /** The most recently edited pages, policies and posts; `moreEntries` says there are older ones not listed. */
  entries: { id: number; kind: "post" | "page" | "policy"; title: string; status: string; live: boolean; href: string }[];
  moreEntries: boolean;
}

/** An item being edited: the server's fields and a key that stays with it while it moves. */
export type DraftItem = Omit<StaffMenuItem, "id" | "children"> & { key: string; children: DraftItem[] };

/** Where an item sits: [index] at the top, [column, index] inside a footer column. */
export type ItemPath = [number] | [number, number];

let nextKey = 0;
export const newKey = () => `new-${++nextKey}`;

export const toDraft = (items: StaffMenuItem[]): DraftItem[] => items.map(({ id, children, ...item }) => ({ ...item, key: `item-${id}`, children: toDraft(children) }));

/** The PUT body's items. */
export const toInput = (items: DraftItem[]): unknown[] =>
  items.map((item) => ({
    label: item.label,
    kind: item.kind,
    ...(item.targetId !== null ? { targetId: item.targetId } : {}),
    ...(item.url !== null ? { url: item.url } : {}),
    ...(item.badge ? { badge: item.badge } : {}),
    ...(item.kind === "group" ? { children: toInput(item.children) } : {}),
  }));

/** A copy of `items` with the list at `parent` (null: the top) changed by `change`. */
export function changeList(items: DraftItem[], parent: number | null, change: (list: DraftItem[]) => DraftItem[]): DraftItem[] {
  if (parent === null) return change(items);
  return items.map((item, i) => (i === parent ? { ...item, children: change(item.children) } : item));
}

export const parentOf = (path: ItemPath) => (path.length === 2 ? path[0] : null);
export const indexOf = (path: ItemPath) => path[path.length - 1]!;

export function move(list: DraftItem[], from: number, to: number): DraftItem[] {
  if (to < 0 || to >= list.length) return list;
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
}

/** The request's name for an item's place ("items.2.children.0"), as the server's field errors say it. */
export const fieldPrefix = (path: ItemPath) => (path.length === 2 ? `items.${path[0]}.children.${path[1]}` : `items.${path[0]}`);

const KIND_NAMES = { collection: "Collection", product: "Product", url: "Address", group: "Column", post: "Post", page: "Page", policy: "Policy" } as const;

/** "Page", "Collection", "Address"…: what an item links to, in words. */
export function kindName(item: Pick<DraftItem, "kind" | "targetId">, targets: MenuTargets): string {
  if (item.kind === "entry") return KIND_NAMES[targets.entries.find((e) => e.id === item.targetId)?.kind ?? "page"];
  return KIND_NAMES[item.kind];
}
