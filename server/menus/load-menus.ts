import { asc, eq, isNotNull } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Database } from "../db/client";
import { categories, contentEntries, menuItems, products, type ContentKind, type MenuHandle, type MenuLinkKind } from "../db/schema";
import { isLiveEntry } from "../content/published";
import { entryPath } from "../../shared/content-paths";
import type { MenuLink } from "../../shared/menus";

/** What decides whether an item shows: its entry's status and time, or its product's status; the rest always show. */
export type Liveness = { entry: { status: string; publishAt: Date | null } } | { productActive: boolean } | null;

/** One stored item with its target read and its address worked out (targets are ids: a renamed slug is followed). */
export interface MenuNode {
  id: number;
  menu: MenuHandle;
  parentId: number | null;
  label: string;
  kind: MenuLinkKind;
  targetId: number | null;
  url: string | null;
  badge: string | null;
  /** Null for a footer column. */
  href: string | null;
  /** The target's own name, for staff ("Women / Dresses", the page's title). */
  targetTitle: string | null;
  liveness: Liveness;
  /** A top-level collection's subcategories: the header's dropdown. */
  links: MenuLink[];
}

const parent = alias(categories, "parent_category");

/** Every menu's items in order, with their targets (one read of four small tables). */
export async function loadMenuNodes(db: Database): Promise<MenuNode[]> {
  const rows = await db
    .select({
      item: menuItems,
      category: { slug: categories.slug, name: categories.name },
      parent: { slug: parent.slug, name: parent.name },
      product: { name: products.name, status: products.status },
      entry: { kind: contentEntries.kind, slug: contentEntries.slug, title: contentEntries.title, status: contentEntries.status, publishAt: contentEntries.publishAt },
    })
    .from(menuItems)
    .leftJoin(categories, eq(categories.id, menuItems.categoryId))
    .leftJoin(parent, eq(parent.id, categories.parentId))
    .leftJoin(products, eq(products.id, menuItems.productId))
    .leftJoin(contentEntries, eq(contentEntries.id, menuItems.entryId))
    .orderBy(asc(menuItems.menu), asc(menuItems.position), asc(menuItems.id));
  const subcategories = await db
    .select({ parentId: categories.parentId, slug: categories.slug, name: categories.name })
    .from(categories)
    .where(isNotNull(categories.parentId))
    .orderBy(asc(categories.position), asc(categories.id));
  return rows.map(({ item, category, parent: up, product, entry }) => {
    const node = { id: item.id, menu: item.menu, parentId: item.parentId, label: item.label, kind: item.kind, url: item.url, badge: item.badge, links: [] as MenuLink[] };
    if (item.kind === "collection" && category) {
      const href = up ? `/category/${up.slug}/${category.slug}` : `/category/${category.slug}`;
      const links = up ? [] : subcategories.filter((s) => s.parentId === item.categoryId).map((s) => ({ label: s.name, href: `${href}/${s.slug}` }));
      return { ...node, targetId: item.categoryId, href, targetTitle: up ? `${up.name} / ${category.name}` : category.name, liveness: null, links };
    }
    if (item.kind === "product" && product) {
      return { ...node, targetId: item.productId, href: `/product/${item.productId}`, targetTitle: product.name, liveness: { productActive: product.status === "active" } };
    }
    if (item.kind === "entry" && entry) {
      return { ...node, targetId: item.entryId, href: entryPath({ kind: entry.kind as ContentKind, slug: entry.slug }), targetTitle: entry.title, liveness: { entry } };
    }
    return { ...node, targetId: null, href: item.kind === "url" ? item.url : null, targetTitle: null, liveness: null };
  });
}

/** Whether shoppers see the item's target now: a live entry, an active product; collections and addresses always. */
export function isLiveNode(node: Pick<MenuNode, "liveness">, now: Date): boolean {
  const { liveness } = node;
  if (!liveness) return true;
  if ("entry" in liveness) return isLiveEntry(liveness.entry, now);
  return liveness.productActive;
}
