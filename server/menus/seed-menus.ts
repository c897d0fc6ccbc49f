import { eq, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { auditLog, contentEntries, menuItems, type ContentKind, type MenuHandle } from "../db/schema";
import { rowsOf } from "../db/rows";
import { menuLabel } from "../../shared/menus";

/** A seeded link: to an address, to an info page by its slug (an entry), or a collection (by id). */
type Link = { label: string; url: string; badge?: string } | { label: string; entry: { kind: ContentKind; slug: string } } | { label: string; collectionId: number };
type Seed = { label: string; links: Link[] };

const page = (label: string, slug: string, kind: ContentKind = "page"): Link => ({ label, entry: { kind, slug } });
const url = (label: string, path: string, badge?: string): Link => ({ label, url: path, ...(badge ? { badge } : {}) });

/** The store's menus as they were written in code before staff owned them (issue 28): the same labels, order and addresses. */
function storeMenus(collections: { id: number; name: string; slug: string; preorderOnly: boolean }[]): Record<MenuHandle, Link[] | Seed[]> {
  const shop = collections.filter((c) => !c.preorderOnly).map((c) => ({ label: menuLabel(c), collectionId: c.id }));
  return {
    header: [...shop, url("Sale", "/category/sale"), url("New", "/category/new"), url("VSOP", "/vsop", "NEW"), url("Blog", "/blog"), url("About", "/about")],
    footer: [
      { label: "Shop", links: [...shop, url("Sale", "/category/sale"), url("New Arrivals", "/category/new"), url("VSOP Collection", "/vsop"), url("All Products", "/products")] },
      {
        label: "Customer Service",
        links: [url("Contact Us", "/contact"), url("Track an Order", "/orders/lookup"), page("Shipping", "shipping", "policy"), page("Returns", "returns", "policy"), url("Size Guide", "/size-guide"), page("FAQ", "faq")],
      },
      { label: "About", links: [url("Our Story", "/about"), url("Blog", "/blog"), page("Sustainability", "sustainability"), page("Stores", "stores"), page("Careers", "careers")] },
    ],
    legal: [page("Privacy", "privacy", "policy"), page("Terms", "terms", "policy"), page("Accessibility", "accessibility")],
  };
}

/**
 * Writes the store's first menus into a store that has none and whose staff never saved one (run after the catalogue
 * and the content are seeded). Once staff save a menu they own them all, even emptied: they never come back on a
 * restart. A link to an info page that is not there is left out (no dead links).
 */
export async function seedMenus(db: Database): Promise<{ items: number }> {
  const [any] = await db.select({ id: menuItems.id }).from(menuItems).limit(1);
  if (any) return { items: 0 };
  const [saved] = await db.select({ id: auditLog.id }).from(auditLog).where(eq(auditLog.entity, "menu")).limit(1);
  if (saved) return { items: 0 };
  // A collection of pre-order pieces alone is a drop's (VSOP's tech-casual): the menus reach it through its drop's page
  // (the seeded "VSOP" link), not among the shop's collections. Read from the products, not the drops, because the
  // menus may be seeded before any drop is (the tests' database image).
  const collections = rowsOf<{ id: number; name: string; slug: string; preorderOnly: boolean }>(
    await db.execute(sql`
      select c.id, c.name, c.slug,
        exists (select 1 from products p where p.category_id = c.id) and not exists (select 1 from products p where p.category_id = c.id and not p.preorder) as "preorderOnly"
      from categories c where c.parent_id is null order by c.position, c.id`),
  );
  const entries = await db.select({ id: contentEntries.id, kind: contentEntries.kind, slug: contentEntries.slug }).from(contentEntries).where(eq(contentEntries.status, "published"));
  const columns = (link: Link) => {
    if ("url" in link) return { kind: "url" as const, url: link.url, badge: link.badge ?? null };
    if ("collectionId" in link) return { kind: "collection" as const, categoryId: link.collectionId };
    const entry = entries.find((e) => e.kind === link.entry.kind && e.slug === link.entry.slug);
    return entry ? { kind: "entry" as const, entryId: entry.id } : null;
  };
  const rows = (menu: MenuHandle, links: Link[], parentId: number | null = null) =>
    links.flatMap((link) => {
      const target = columns(link);
      return target ? [{ menu, parentId, label: link.label, ...target }] : [];
    }).map((row, position) => ({ ...row, position }));
  return db.transaction(async (tx) => {
    let items = 0;
    for (const [menu, links] of Object.entries(storeMenus(collections)) as [MenuHandle, Link[] | Seed[]][]) {
      if (menu !== "footer") {
        const values = rows(menu, links as Link[]);
        if (values.length) await tx.insert(menuItems).values(values);
        items += values.length;
        continue;
      }
      for (const [position, column] of (links as Seed[]).entries()) {
        const [group] = await tx.insert(menuItems).values({ menu, position, label: column.label, kind: "group" }).returning({ id: menuItems.id });
        const values = rows(menu, column.links, group!.id);
        if (values.length) await tx.insert(menuItems).values(values);
        items += 1 + values.length;
      }
    }
    return { items };
  });
}

