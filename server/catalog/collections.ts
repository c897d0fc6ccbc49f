import { and, asc, count, eq, isNull, sql } from "drizzle-orm";
import { recordAudit } from "../audit/audit-log";
import type { Database } from "../db/client";
import { categories, products } from "../db/schema";
import { AppError } from "../errors";
import type { Collection } from "../../shared/taxonomy";
import type { CollectionChange, CollectionFields } from "./collection-schemas";
import { refreshKeywords } from "./refresh-keywords";
import { collectionDrops } from "../drops/drop-collections";
import { assertNotInMenu } from "../menus/menu-links";
import { assertNotOnHomePage } from "../home/section-links";

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];
type Actor = { actor: string; now?: () => Date };

/** Every collection with its subcategories, in menu order: what the menus, footer, category pages and sitemap show. */
export async function listCollections(db: Database | Tx): Promise<Collection[]> {
  const [rows, drops] = await Promise.all([
    db
      .select({ id: categories.id, slug: categories.slug, name: categories.name, parentId: categories.parentId, description: categories.description, hero: categories.hero })
      .from(categories)
      .orderBy(asc(categories.position), asc(categories.id)),
    collectionDrops({ db }),
  ]);
  return rows
    .filter((r) => r.parentId === null)
    .map((c) => ({
      slug: c.slug,
      name: c.name,
      description: c.description,
      hero: c.hero,
      subcategories: rows.filter((s) => s.parentId === c.id).map((s) => ({ slug: s.slug, name: s.name, description: s.description })),
      // Only a drop's collection says so: the others' answers stay as they were.
      ...(drops.has(c.slug) ? { drop: drops.get(c.slug)! } : {}),
    }));
}

/**
 * The collections, read at most once per `ttlMs` per process (every page's menus need them); a staff change made
 * through this process is seen at once, one made through another instance within `ttlMs`.
 */
export function createCollectionCache(db: Database, ttlMs = 5000) {
  let cached: { at: number; value: Promise<Collection[]> } | null = null;
  return {
    list(): Promise<Collection[]> {
      if (!cached || Date.now() - cached.at > ttlMs) {
        const value = listCollections(db);
        cached = { at: Date.now(), value };
        value.catch(() => (cached = null));
      }
      return cached.value;
    },
    clear: () => void (cached = null),
  };
}

export type CollectionCache = ReturnType<typeof createCollectionCache>;

/** The staff view: ids, order and how many products each one holds (a collection with products can't be deleted). */
export async function listCollectionsForStaff({ db }: { db: Database }) {
  const rows = await db
    .select({ id: categories.id, slug: categories.slug, name: categories.name, parentId: categories.parentId, position: categories.position, description: categories.description, hero: categories.hero })
    .from(categories)
    .orderBy(asc(categories.position), asc(categories.id));
  const counts = await db
    .select({ id: categories.id, n: count(products.id) })
    .from(categories)
    .leftJoin(products, sql`${products.categoryId} = ${categories.id} or ${products.subcategoryId} = ${categories.id}`)
    .groupBy(categories.id);
  const productCount = (id: number) => counts.find((c) => c.id === id)?.n ?? 0;
  return {
    collections: rows
      .filter((r) => r.parentId === null)
      .map(({ parentId: _p, ...c }) => ({
        ...c,
        productCount: productCount(c.id),
        subcategories: rows.filter((s) => s.parentId === c.id).map(({ parentId: _sp, hero: _h, ...s }) => ({ ...s, productCount: productCount(s.id) })),
      })),
  };
}

async function parentOf(tx: Tx, slug: string) {
  const [parent] = await tx.select().from(categories).where(and(eq(categories.slug, slug), isNull(categories.parentId)));
  if (!parent) throw new AppError("bad_request", `Unknown collection '${slug}'`);
  return parent;
}

/** A new collection, or a subcategory when `parent` names its collection; it goes last in its menu. */
export async function createCollection({ db, input, actor, now: clock = () => new Date() }: { db: Database; input: CollectionFields } & Actor) {
  const now = clock();
  return db.transaction(async (tx) => {
    const parentId = input.parent ? (await parentOf(tx, input.parent)).id : null;
    const [taken] = await tx.select({ id: categories.id }).from(categories).where(and(eq(categories.slug, input.slug), parentId === null ? isNull(categories.parentId) : eq(categories.parentId, parentId)));
    if (taken) throw new AppError("conflict", input.parent ? `${input.parent} already has a subcategory '${input.slug}'` : `There is already a collection '${input.slug}'`);
    const [{ last } = { last: -1 }] = await tx
      .select({ last: sql<number>`coalesce(max(${categories.position}), -1)::int` })
      .from(categories)
      .where(parentId === null ? isNull(categories.parentId) : eq(categories.parentId, parentId));
    const [created] = await tx
      .insert(categories)
      .values({ slug: input.slug, name: input.name, description: input.description, hero: input.hero, parentId, position: last + 1 })
      .returning();
    await recordAudit(tx, { actor, entity: "collection", entityId: created!.id, action: "create", after: { slug: created!.slug, name: created!.name, parent: input.parent ?? null } }, now);
    return { id: created!.id, slug: created!.slug };
  });
}

/**
 * Renames, re-describes or moves a collection or subcategory in its menu (`position`: 1 is first; the others shift).
 * The slug stays, so its addresses keep working. A new name is a search word of its products, so theirs are redone.
 */
export async function updateCollection({ db, id, change, actor, now: clock = () => new Date() }: { db: Database; id: number; change: CollectionChange } & Actor) {
  const now = clock();
  await db.transaction(async (tx) => {
    const [current] = await tx.select().from(categories).where(eq(categories.id, id)).for("update");
    if (!current) throw new AppError("not_found", `Collection ${id} not found`);
    const { position, ...texts } = change;
    if (Object.keys(texts).length) await tx.update(categories).set(texts).where(eq(categories.id, id));
    if (position !== undefined) await moveTo(tx, current, position);
    if (change.name !== undefined && change.name !== current.name) await redoKeywords(tx, id, now);
    const changed = (Object.keys(change) as (keyof CollectionChange)[]).filter((k) => k === "position" || change[k] !== current[k]);
    if (changed.length) {
      await recordAudit(tx, { actor, entity: "collection", entityId: id, action: "update", before: Object.fromEntries(changed.map((k) => [k, k === "position" ? current.position + 1 : current[k]])), after: Object.fromEntries(changed.map((k) => [k, change[k]])) }, now);
    }
  });
}

/** Puts a row at 1-based `position` among its siblings and renumbers them all 0, 1, 2... */
async function moveTo(tx: Tx, row: typeof categories.$inferSelect, position: number) {
  const siblings = await tx
    .select({ id: categories.id })
    .from(categories)
    .where(row.parentId === null ? isNull(categories.parentId) : eq(categories.parentId, row.parentId))
    .orderBy(asc(categories.position), asc(categories.id));
  const order = siblings.map((s) => s.id).filter((sid) => sid !== row.id);
  order.splice(Math.min(position - 1, order.length), 0, row.id);
  for (const [index, sid] of order.entries()) await tx.update(categories).set({ position: index }).where(eq(categories.id, sid));
}

/** The search words of every product in a renamed collection or subcategory. */
async function redoKeywords(tx: Tx, categoryId: number, now: Date) {
  const affected = await tx
    .update(products)
    .set({ updatedAt: now })
    .where(sql`${products.categoryId} = ${categoryId} or ${products.subcategoryId} = ${categoryId}`)
    .returning({ id: products.id });
  await refreshKeywords({ db: tx, productIds: affected.map((p) => p.id) });
}

/** Removes an empty collection or subcategory; one with products or subcategories, or that a menu or a home section names, stays (409 says why). */
export async function deleteCollection({ db, id, actor, now: clock = () => new Date() }: { db: Database; id: number } & Actor) {
  const now = clock();
  await db.transaction(async (tx) => {
    const [current] = await tx.select().from(categories).where(eq(categories.id, id)).for("update");
    if (!current) throw new AppError("not_found", `Collection ${id} not found`);
    const [{ n: subs } = { n: 0 }] = await tx.select({ n: count() }).from(categories).where(eq(categories.parentId, id));
    if (subs > 0) throw new AppError("conflict", `${current.name} has ${subs} ${subs === 1 ? "subcategory" : "subcategories"}: delete or move those first`);
    const [{ n } = { n: 0 }] = await tx.select({ n: count() }).from(products).where(sql`${products.categoryId} = ${id} or ${products.subcategoryId} = ${id}`);
    if (n > 0) throw new AppError("conflict", `${current.name} holds ${n} ${n === 1 ? "product" : "products"} (drafts and archived ones too): move them first`);
    await assertNotInMenu(tx, { categoryId: id }, current.name);
    await assertNotOnHomePage(tx, current, current.name);
    await tx.delete(categories).where(eq(categories.id, id));
    await recordAudit(tx, { actor, entity: "collection", entityId: id, action: "delete", before: { slug: current.slug, name: current.name } }, now);
  });
}
