import { asc, eq, inArray, sql } from "drizzle-orm";
import { recordAudit } from "../audit/audit-log";
import type { Database } from "../db/client";
import { categories, contentEntries, menuItems, products, type MenuHandle } from "../db/schema";
import { AppError } from "../errors";
import type { Tx } from "../zones/staff-change";
import type { MenuItemInput, MenuSave } from "./menu-schemas";

const TABLES = { collection: categories, product: products, entry: contentEntries } as const;
const NAMES = { collection: "collection", product: "product", entry: "page or post" } as const;

/** Every item's target exists; a 400 names the first that doesn't, by its place in the request ("items.2.children.0.targetId"). */
async function assertTargetsExist(tx: Tx, items: MenuItemInput[]) {
  const flat = items.flatMap((item, i) => [{ item, path: `items.${i}` }, ...(item.children ?? []).map((child, j) => ({ item: child as MenuItemInput, path: `items.${i}.children.${j}` }))]);
  for (const kind of ["collection", "product", "entry"] as const) {
    const wanted = flat.filter((f) => f.item.kind === kind);
    if (wanted.length === 0) continue;
    const table = TABLES[kind];
    const found = new Set((await tx.select({ id: table.id }).from(table).where(inArray(table.id, wanted.map((f) => f.item.targetId!)))).map((r) => r.id));
    const missing = wanted.find((f) => !found.has(f.item.targetId!));
    if (missing) throw new AppError("bad_request", `Invalid menu: ${missing.path}.targetId: there is no ${NAMES[kind]} ${missing.item.targetId}`);
  }
}

const targetColumns = (item: MenuItemInput) => ({
  categoryId: item.kind === "collection" ? item.targetId! : null,
  productId: item.kind === "product" ? item.targetId! : null,
  entryId: item.kind === "entry" ? item.targetId! : null,
  url: item.kind === "url" ? item.url! : null,
});

/** What the history keeps of a menu: one readable line of its items and their targets ("Help [FAQ → entry 3; Blog → /blog]"). */
async function snapshot(tx: Tx, menu: MenuHandle) {
  const rows = await tx.select().from(menuItems).where(eq(menuItems.menu, menu)).orderBy(asc(menuItems.position), asc(menuItems.id));
  const line = (r: (typeof rows)[number]): string => {
    if (r.kind === "group") return `${r.label} [${rows.filter((c) => c.parentId === r.id).map(line).join("; ")}]`;
    const target = r.url ?? `${r.kind} ${r.categoryId ?? r.productId ?? r.entryId}`;
    return `${r.label} → ${target}${r.badge ? ` (${r.badge})` : ""}`;
  };
  return { links: rows.filter((r) => r.parentId === null).map(line).join("; ") };
}

/**
 * Replaces one menu's whole tree in one transaction: the old items go, the new ones are written in the order given,
 * with an audit entry of before and after. Nothing is written when any target is missing.
 */
export async function saveMenu({ db, actor, now, menu, input }: { db: Database; actor: string; now: Date; menu: MenuHandle; input: MenuSave }) {
  await db.transaction(async (tx) => {
    // Two saves of one menu wait for each other rather than interleave their deletes and inserts.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`menu:${menu}`}))`);
    await assertTargetsExist(tx, input.items);
    const before = await snapshot(tx, menu);
    await tx.delete(menuItems).where(eq(menuItems.menu, menu));
    for (const [position, item] of input.items.entries()) {
      const [row] = await tx
        .insert(menuItems)
        .values({ menu, parentId: null, position, label: item.label, kind: item.kind, badge: item.badge ?? null, ...targetColumns(item) })
        .returning({ id: menuItems.id });
      const children = (item.children ?? []) as MenuItemInput[];
      if (children.length) {
        await tx.insert(menuItems).values(children.map((child, i) => ({ menu, parentId: row!.id, position: i, label: child.label, kind: child.kind, badge: child.badge ?? null, ...targetColumns(child) })));
      }
    }
    await recordAudit(tx, { actor, entity: "menu", entityId: menu, action: "update", before, after: await snapshot(tx, menu) }, now);
  });
}
