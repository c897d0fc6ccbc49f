import { asc, desc } from "drizzle-orm";
import { type CatalogChanges, clearedBy } from "../cache/catalog-changes";
import { cachedValue } from "../cache/cached-value";
import type { Database } from "../db/client";
import { categories, contentEntries, MENU_HANDLES, type MenuHandle } from "../db/schema";
import { isLiveEntry } from "../content/published";
import { publishingAll } from "../zones/staff-change";
import { entryPath } from "../../shared/content-paths";
import { MENU_TITLES, type StoreMenus } from "../../shared/menus";
import { loadMenuNodes } from "./load-menus";
import type { MenuSave } from "./menu-schemas";
import { resolveStoreMenus, staffMenuTree } from "./resolve-menus";
import { saveMenu } from "./save-menu";

export interface MenuServiceDeps {
  db: Database;
  now: () => Date;
  catalogChanges: CatalogChanges;
}

/** How many pages, policies and posts the editor's picker lists: the most recently edited, so the page stays light. */
export const LINKABLE_ENTRIES = 500;

/**
 * What staff can link to: every collection and subcategory, and the most recently edited posts, pages and policies
 * (live or not); `moreEntries` says the list was cut, and the picker says so.
 */
async function linkTargets(db: Database, now: Date) {
  const rows = await db.select({ id: categories.id, slug: categories.slug, name: categories.name, parentId: categories.parentId }).from(categories).orderBy(asc(categories.position), asc(categories.id));
  const collections = rows
    .filter((c) => c.parentId === null)
    .flatMap((c) => [
      { id: c.id, title: c.name, href: `/category/${c.slug}` },
      ...rows.filter((s) => s.parentId === c.id).map((s) => ({ id: s.id, title: `${c.name} / ${s.name}`, href: `/category/${c.slug}/${s.slug}` })),
    ]);
  const entries = await db
    .select({ id: contentEntries.id, kind: contentEntries.kind, slug: contentEntries.slug, title: contentEntries.title, status: contentEntries.status, publishAt: contentEntries.publishAt })
    .from(contentEntries)
    .orderBy(desc(contentEntries.updatedAt), desc(contentEntries.id))
    .limit(LINKABLE_ENTRIES + 1);
  return {
    collections,
    entries: entries.slice(0, LINKABLE_ENTRIES).map((e) => ({ id: e.id, kind: e.kind, title: e.title, status: e.status, live: isLiveEntry(e, now), href: entryPath(e) })),
    moreEntries: entries.length > LINKABLE_ENTRIES,
  };
}

/** The header, footer and legal menus (issue 28): staff edit them as data; the pages render them resolved. */
export function createMenuService({ db, now, catalogChanges }: MenuServiceDeps) {
  const changing = publishingAll(catalogChanges);
  // Every page's header and footer read the menus: kept until staff change them or what they link to (a change to
  // everything, heard from any process).
  const storeNodes = clearedBy(catalogChanges, cachedValue(() => loadMenuNodes(db), 60_000));
  /** Every menu as staff see it, and what they can link to. */
  const staffView = async () => {
    const [nodes, targets] = await Promise.all([loadMenuNodes(db), linkTargets(db, now())]);
    return { menus: MENU_HANDLES.map((handle) => ({ handle, title: MENU_TITLES[handle], items: staffMenuTree(nodes, handle, now()) })), targets };
  };
  return {
    /** The menus shoppers see now (live targets only), from the cached items: the root loader's `menus`. */
    storefront: async (): Promise<StoreMenus> => resolveStoreMenus(await storeNodes.get(), now()),
    staffView,
    /** Replaces one menu's tree (audited); every process drops its caches. */
    save: changing(async ({ handle, input, actor }: { handle: MenuHandle; input: MenuSave; actor: string }) => {
      await saveMenu({ db, actor, now: now(), menu: handle, input });
    }),
  };
}

export type MenuService = ReturnType<typeof createMenuService>;
