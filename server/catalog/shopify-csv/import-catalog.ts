import { eq, inArray } from "drizzle-orm";
import { recordAudit } from "../../audit/audit-log";
import type { Database } from "../../db/client";
import { categories, productHandleRedirects, productImages, products, variants } from "../../db/schema";
import { type FetchImageOptions, fetchImage } from "../../media/fetch-image";
import type { MediaStore, StoredPhoto } from "../../media/media-store";
import { AppError } from "../../errors";
import { GARMENTS } from "../admin-schemas";
import { skuFor } from "../handles";
import { productKeywords } from "../keywords";
import { refreshKeywords } from "../refresh-keywords";
import { htmlToText } from "./html-text";
import { COLUMNS } from "./columns";
import { type ImportProduct, type ImportVariant, parseShopifyCsv, type Refusal } from "./parse-shopify-csv";
import { refreshProductPrices } from "../product-prices";

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];
type Garment = (typeof GARMENTS)[number];
type Badge = "new" | "featured" | "trending" | "bestseller" | "hot" | "preorder";

export interface ImportReport {
  dryRun: boolean;
  /** True when the import was written (never on a dry run, never with a refusal). */
  imported: boolean;
  rows: number;
  created: { handle: string; title: string; variants: number }[];
  updated: { handle: string; changes: string[] }[];
  unchanged: string[];
  refused: Refusal[];
  /** Lines imported with a caveat (a photo that could not be fetched, prices that differ between variants). */
  warnings: Refusal[];
  /** Photo addresses in the file (dry run), or photos fetched and added (import). */
  photos: number;
  unknownColumns: string[];
}

interface Target {
  source: ImportProduct;
  existingId: number | null;
  name: string;
  description: string;
  status: "draft" | "active" | "archived";
  categoryId: number;
  category: string;
  subcategoryId: number | null;
  collectionName: string;
  subcategoryName: string | null;
  garment: Garment;
  tags: string[];
  flags: Record<Badge, boolean>;
  /** Each variant row with the price it will have (a blank price keeps the variant's, or takes the product's). */
  variants: (ImportVariant & { priceCents: number; compareAtCents: number | null })[];
  colors: string[];
  sizes: string[];
}

interface Taxonomy {
  collections: { id: number; slug: string; name: string; subs: { id: number; slug: string; name: string }[] }[];
}

const words = (s: string) => s.toLowerCase().replace(/[’']s\b/g, "").split(/[^a-z0-9]+/).filter(Boolean);
const singular = (w: string) => w.replace(/s$/, "");

async function loadTaxonomy(db: Database | Tx): Promise<Taxonomy> {
  const rows = await db.select({ id: categories.id, slug: categories.slug, name: categories.name, parentId: categories.parentId }).from(categories);
  return {
    collections: rows.filter((r) => r.parentId === null).map((c) => ({ ...c, subs: rows.filter((s) => s.parentId === c.id) })),
  };
}

/** The collection a product belongs to: the vsop metafield, else a word of its type, category or tags, else the default. */
function findCollection(taxonomy: Taxonomy, product: ImportProduct, fallback: string) {
  const { cells } = product;
  const named = cells.collection?.toLowerCase();
  const hints = [cells.type, cells.productCategory, cells.tags].filter(Boolean).flatMap((t) => words(t!).map(singular));
  return (
    taxonomy.collections.find((c) => c.slug === named) ??
    taxonomy.collections.find((c) => hints.includes(singular(c.slug)) || words(c.name).some((w) => hints.includes(singular(w)))) ??
    taxonomy.collections.find((c) => c.slug === fallback)
  );
}

function findSubcategory(collection: Taxonomy["collections"][number], product: ImportProduct) {
  const named = product.cells.subcategory?.toLowerCase();
  const type = words(product.cells.type ?? "").map(singular).join("-");
  return collection.subs.find((s) => s.slug === named) ?? (type ? collection.subs.find((s) => singular(s.slug.replace(/-/g, "")) === type.replace(/-/g, "") || words(s.name).map(singular).join("-") === type) : undefined);
}

const GARMENT_WORDS: [Garment, string[]][] = [
  ["tshirt", ["tee", "tshirt"]],
  ["hoodie", ["hoodie", "sweatshirt"]], ["jacket", ["jacket", "coat", "parka", "shell"]], ["jeans", ["jean", "denim"]], ["pants", ["pant", "trouser", "chino", "jogger"]],
  ["shorts", ["short"]], ["dress", ["dress"]], ["skirt", ["skirt"]], ["longsleeve", ["longsleeve", "sweater", "knit"]], ["top", ["top", "blouse", "shirt"]],
  ["cap", ["cap"]], ["beanie", ["beanie"]], ["bag", ["bag", "tote", "backpack"]], ["scarf", ["scarf"]], ["belt", ["belt"]], ["socks", ["sock"]], ["onesie", ["onesie", "bodysuit", "romper"]],
];

function findGarment(product: ImportProduct, current: Garment | null): Garment {
  const named = product.cells.garment as Garment | undefined;
  if (named && (GARMENTS as readonly string[]).includes(named)) return named;
  if (current) return current;
  // "T-Shirts" is the words t and shirts, and also "tshirt".
  const hints = [product.cells.type, product.cells.title].filter(Boolean).flatMap((t) => [...words(t!), words(t!).join("")].map(singular));
  return GARMENT_WORDS.find(([, ws]) => ws.some((w) => hints.includes(w)))?.[0] ?? "tshirt";
}

function statusOf(product: ImportProduct, current: Target["status"] | null): Target["status"] {
  const status = product.cells.status?.toLowerCase();
  if (status === "active" || status === "draft" || status === "archived") return status;
  const published = product.cells.published?.toLowerCase();
  if (published === "true") return "active";
  if (published === "false") return "draft";
  return current ?? "active";
}

/**
 * Imports a Shopify product CSV: a dry run reports what would be created, updated and refused; a real run writes it
 * all in one transaction, or nothing when any line is refused. Products are matched by handle, variants by colour and
 * size, so importing the same file twice changes nothing the second time.
 */
export async function importCatalog({ db, text, dryRun, defaultCollection = "men", actor, now: clock = () => new Date(), media = null, fetchOptions = {} }: { db: Database; text: string; dryRun: boolean; defaultCollection?: string; actor: string; now?: () => Date; media?: MediaStore | null; fetchOptions?: FetchImageOptions }): Promise<ImportReport> {
  const now = clock();
  const parsed = parseShopifyCsv(text);
  const report: ImportReport = { dryRun, imported: false, rows: parsed.rows, created: [], updated: [], unchanged: [], refused: [...parsed.refusals], warnings: [], unknownColumns: parsed.unknownColumns, photos: 0 };
  const taxonomy = await loadTaxonomy(db);
  if (!taxonomy.collections.some((c) => c.slug === defaultCollection)) throw new AppError("bad_request", `Unknown collection '${defaultCollection}'`);
  const handles = parsed.products.map((p) => p.handle);
  const existing = handles.length ? await db.select().from(products).where(inArray(products.handle, handles)) : [];
  const existingVariants = existing.length ? await db.select().from(variants).where(inArray(variants.productId, existing.map((p) => p.id))) : [];
  const refused = new Set(report.refused.map((r) => r.handle));
  const targets: Target[] = [];
  const skuOwner = new Map<string, string>(); // sku → handle, within the file

  for (const source of parsed.products) {
    if (refused.has(source.handle)) continue;
    const current = existing.find((p) => p.handle === source.handle) ?? null;
    const refuse = (column: string | null, reason: string, line = source.line) => void report.refused.push({ line, column, handle: source.handle, reason });
    const warn = (column: string | null, reason: string, line = source.line) => void report.warnings.push({ line, column, handle: source.handle, reason });
    const name = source.cells.title ?? current?.name;
    if (!name) {
      refuse("Title", "A new product needs a title");
      continue;
    }
    if (source.variants.length === 0) {
      refuse("Option1 Value", "No variant rows: a product needs at least one");
      continue;
    }
    const prices = source.variants.map((v) => v.priceCents).filter((p): p is number => p !== null && p > 0);
    if (prices.length !== source.variants.length && !current) {
      refuse("Variant Price", `Every variant needs a price above 0 (line ${source.variants.find((v) => !v.priceCents)?.line})`);
      continue;
    }
    const collection = findCollection(taxonomy, source, current ? (taxonomy.collections.find((c) => c.id === current.categoryId)?.slug ?? defaultCollection) : defaultCollection)!;
    const sub = findSubcategory(collection, source) ?? (current && current.categoryId === collection.id ? collection.subs.find((s) => s.id === current.subcategoryId) : undefined);
    const pricedVariants = source.variants.map((v) => {
      const held = current ? existingVariants.find((e) => e.productId === current.id && e.color === v.color && e.size === v.size) : undefined;
      const priceCents = v.priceCents ?? held?.priceCents ?? current!.priceCents;
      let compareAtCents = v.priceCents === null ? (held?.compareAtCents ?? null) : v.compareAtCents;
      if (compareAtCents !== null && compareAtCents <= priceCents) {
        warn(COLUMNS.compareAt[0], `${v.color} / ${v.size}: the compare-at price is not above the price, so it is not shown as on sale`, v.line);
        compareAtCents = null;
      }
      return { ...v, priceCents, compareAtCents };
    });
    for (const v of source.variants) {
      const sku = v.sku ?? (current ? existingVariants.find((e) => e.productId === current.id && e.color === v.color && e.size === v.size)?.sku : null);
      if (!sku) continue;
      const other = skuOwner.get(sku);
      if (other && other !== source.handle) refuse("Variant SKU", `SKU ${sku} is also on ${other} in this file`, v.line);
      skuOwner.set(sku, source.handle);
    }
    const badges = (source.cells.badges ?? "").toLowerCase().split(/[,\s]+/).filter(Boolean);
    const flag = (b: Badge, now: boolean) => (source.cells.badges !== undefined ? badges.includes(b) : now);
    targets.push({
      source,
      existingId: current?.id ?? null,
      name,
      description: source.cells.body !== undefined ? htmlToText(source.cells.body) : (current?.description ?? ""),
      status: statusOf(source, current?.status ?? null),
      categoryId: collection.id,
      category: collection.slug,
      subcategoryId: sub?.id ?? null,
      collectionName: collection.name,
      subcategoryName: sub?.name ?? null,
      garment: findGarment(source, (current?.garment as Garment | undefined) ?? null),
      tags: source.cells.tags !== undefined ? source.cells.tags.split(",").map((t) => t.trim()).filter(Boolean) : (current?.tags ?? []),
      flags: {
        new: flag("new", current?.isNew ?? false),
        featured: flag("featured", current?.featured ?? false),
        trending: flag("trending", current?.trending ?? false),
        bestseller: flag("bestseller", current?.bestseller ?? false),
        hot: flag("hot", current?.hot ?? false),
        preorder: flag("preorder", current?.preorder ?? false),
      },
      variants: pricedVariants,
      colors: [...new Set(source.variants.map((v) => v.color))],
      sizes: [...new Set(source.variants.map((v) => v.size))],
    });
  }

  // SKUs already used by a product the file does not describe.
  const fileSkus = [...skuOwner.keys()];
  if (fileSkus.length) {
    const owners = await db.select({ sku: variants.sku, handle: products.handle }).from(variants).innerJoin(products, eq(products.id, variants.productId)).where(inArray(variants.sku, fileSkus));
    for (const o of owners) {
      const handle = skuOwner.get(o.sku)!;
      if (o.handle !== handle) report.refused.push({ line: targets.find((t) => t.source.handle === handle)?.source.line ?? 1, column: "Variant SKU", handle, reason: `SKU ${o.sku} belongs to ${o.handle} in this store` });
    }
  }

  for (const t of targets) {
    const current = existing.find((p) => p.id === t.existingId);
    if (!current) {
      report.created.push({ handle: t.source.handle, title: t.name, variants: t.source.variants.length });
      continue;
    }
    const changes = describeChanges(t, current, existingVariants.filter((v) => v.productId === current.id));
    for (const v of t.source.variants) {
      const held = existingVariants.find((e) => e.productId === current.id && e.color === v.color && e.size === v.size);
      if (held && v.quantity !== null && v.quantity < held.reserved) report.refused.push({ line: v.line, column: "Variant Inventory Qty", handle: t.source.handle, reason: `Open checkouts hold ${held.reserved} of ${held.sku}` });
    }
    if (changes.length) report.updated.push({ handle: t.source.handle, changes });
    else report.unchanged.push(t.source.handle);
  }
  report.refused.sort((a, b) => a.line - b.line);
  const wanted = targets.flatMap((t) => uniqueImages(t.source).map((image) => ({ handle: t.source.handle, ...image })));
  report.photos = wanted.length;
  if (dryRun || report.refused.length) return report;

  // Photos are fetched before the transaction (a slow server must not hold it open); one that fails is reported.
  const photos = new Map<string, { stored: StoredPhoto; alt: string | null; color: string | null }[]>();
  if (media) {
    const fetched = await mapLimit(wanted, 4, async (image) => {
      try {
        return { image, stored: await media.save(await fetchImage(image.src, fetchOptions)) };
      } catch (error) {
        report.warnings.push({ line: image.line, column: "Image Src", handle: image.handle, reason: `Photo not imported (${image.src.slice(0, 100)}): ${(error as Error).message}` });
        return null;
      }
    });
    for (const f of fetched) if (f) photos.set(f.image.handle, [...(photos.get(f.image.handle) ?? []), { stored: f.stored, alt: f.image.alt, color: f.image.color }]);
  }
  report.photos = [...photos.values()].reduce((n, list) => n + list.length, 0);

  await db.transaction(async (tx) => {
    for (const t of targets) {
      const current = existing.find((p) => p.id === t.existingId);
      const productPhotos = photos.get(t.source.handle) ?? [];
      if (current && report.unchanged.includes(t.source.handle) && productPhotos.length === 0) continue;
      const id = current && report.unchanged.includes(t.source.handle) ? current.id : await writeProduct(tx, t, current ?? null, existingVariants, actor, now);
      await addImportedPhotos(tx, id, t.name, productPhotos, now);
    }
  });
  report.warnings.sort((a, b) => a.line - b.line);
  report.imported = true;
  return report;
}

/**
 * Each distinct image address of a product, by Image Position (the file's order when there is none), then Variant
 * Images not listed as images. A photo that is the Variant Image of one colour's variants belongs to that colour.
 */
function uniqueImages(product: ImportProduct) {
  const seen = new Set<string>();
  const variantImages = product.variants.filter((v) => v.image).map((v) => ({ line: v.line, src: v.image!, alt: null, position: Number.MAX_SAFE_INTEGER }));
  const colorOf = (src: string) => {
    const colors = new Set(product.variants.filter((v) => v.image === src).map((v) => v.color));
    return colors.size === 1 ? [...colors][0]! : null;
  };
  return [...product.images, ...variantImages]
    .sort((a, b) => a.position - b.position)
    .filter((i) => !seen.has(i.src) && seen.add(i.src))
    .map((i) => ({ ...i, color: colorOf(i.src) }));
}

/** Adds fetched photos a product does not have yet (by content), after its others: a re-import adds nothing. */
async function addImportedPhotos(tx: Tx, productId: number, name: string, list: { stored: StoredPhoto; alt: string | null; color: string | null }[], now: Date) {
  if (list.length === 0) return;
  const have = await tx.select({ key: productImages.fileKey, position: productImages.position }).from(productImages).where(eq(productImages.productId, productId));
  let position = Math.max(0, ...have.map((h) => h.position));
  for (const { stored, alt, color } of list) {
    if (have.some((h) => h.key === stored.key)) continue;
    have.push({ key: stored.key, position: ++position });
    await tx.insert(productImages).values({ productId, position, color, alt: alt?.trim() || (color ? `${name} in ${color}` : name), fileKey: stored.key, width: stored.width, height: stored.height, widths: stored.widths, createdAt: now });
  }
}

/** Runs `fn` over `items` with at most `limit` at once, keeping the order of the results. */
async function mapLimit<T, R>(items: T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        results[i] = await fn(items[i]!);
      }
    }),
  );
  return results;
}

function describeChanges(t: Target, current: typeof products.$inferSelect, currentVariants: (typeof variants.$inferSelect)[]): string[] {
  const changes: string[] = [];
  const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
  const fields: [string, unknown, unknown][] = [
    ["title", t.name, current.name],
    ["description", t.description, current.description],
    ["status", t.status, current.status],
    ["collection", t.categoryId, current.categoryId],
    ["subcategory", t.subcategoryId, current.subcategoryId],
    ["illustration", t.garment, current.garment],
    ["tags", t.tags, current.tags],
    ["badges", Object.values(t.flags), [current.isNew, current.featured, current.trending, current.bestseller, current.hot, current.preorder]],
  ];
  for (const [name, next, now] of fields) if (!same(next, now)) changes.push(name);
  const repriced = t.variants.filter((v) => {
    const e = currentVariants.find((c) => c.color === v.color && c.size === v.size);
    return e && (e.priceCents !== v.priceCents || e.compareAtCents !== v.compareAtCents);
  }).length;
  if (repriced) changes.push(`price of ${repriced} ${repriced === 1 ? "variant" : "variants"}`);
  const added = t.source.variants.filter((v) => !currentVariants.some((e) => e.color === v.color && e.size === v.size)).length;
  if (added) changes.push(`${added} new ${added === 1 ? "variant" : "variants"}`);
  const stock = t.source.variants.filter((v) => {
    const e = currentVariants.find((c) => c.color === v.color && c.size === v.size);
    return e && ((v.quantity !== null && v.quantity !== e.onHand) || (v.sku !== null && v.sku !== e.sku) || (v.barcode !== null && v.barcode !== e.barcode));
  }).length;
  if (stock) changes.push(`stock, SKU or barcode of ${stock} ${stock === 1 ? "variant" : "variants"}`);
  const weighed = t.source.variants.filter((v) => {
    const e = currentVariants.find((c) => c.color === v.color && c.size === v.size);
    return e && v.weightGrams !== undefined && v.weightGrams !== e.weightGrams;
  }).length;
  if (weighed) changes.push(`weight of ${weighed} ${weighed === 1 ? "variant" : "variants"}`);
  return changes;
}

async function writeProduct(tx: Tx, t: Target, current: typeof products.$inferSelect | null, existingVariants: (typeof variants.$inferSelect)[], actor: string, now: Date): Promise<number> {
  const fields = {
    name: t.name,
    description: t.description,
    status: t.status,
    categoryId: t.categoryId,
    subcategoryId: t.subcategoryId,
    garment: t.garment,
    tags: t.tags,
    colors: current ? [...new Set([...current.colors, ...t.colors])] : t.colors,
    sizes: current ? [...new Set([...current.sizes, ...t.sizes])] : t.sizes,
    isNew: t.flags.new,
    featured: t.flags.featured,
    trending: t.flags.trending,
    bestseller: t.flags.bestseller,
    hot: t.flags.hot,
    preorder: t.flags.preorder,
    updatedAt: now,
  };
  // A new product is in no drop yet; an existing one's words are redone with the drops it is in.
  const keywords = productKeywords({ category: t.category, collectionName: t.collectionName, subcategoryName: t.subcategoryName, colors: fields.colors, garment: t.garment, dropNames: [] });
  let id: number;
  if (current) {
    id = current.id;
    await tx.update(products).set(fields).where(eq(products.id, id));
    await refreshKeywords({ db: tx, productIds: [id] });
  } else {
    await tx.delete(productHandleRedirects).where(eq(productHandleRedirects.handle, t.source.handle));
    // The "from" price is set from the variants below; the cheapest one stands in until then.
    const cheapest = t.variants.reduce((a, b) => (b.priceCents < a.priceCents ? b : a));
    const [created] = await tx
      .insert(products)
      .values({ ...fields, keywords, handle: t.source.handle, priceCents: cheapest.priceCents, compareAtCents: cheapest.compareAtCents, createdAt: now })
      .returning({ id: products.id });
    id = created!.id;
  }
  for (const v of t.variants) {
    const held = existingVariants.find((e) => e.productId === id && e.color === v.color && e.size === v.size);
    const price = { priceCents: v.priceCents, compareAtCents: v.compareAtCents };
    if (held) {
      await tx
        .update(variants)
        .set({ sku: v.sku ?? held.sku, barcode: v.barcode ?? held.barcode, onHand: v.quantity ?? held.onHand, weightGrams: v.weightGrams === undefined ? held.weightGrams : v.weightGrams, ...price })
        .where(eq(variants.id, held.id));
    } else {
      await tx.insert(variants).values({ productId: id, color: v.color, size: v.size, sku: v.sku ?? skuFor(id, v.color, v.size), barcode: v.barcode, onHand: v.quantity ?? 0, weightGrams: v.weightGrams ?? null, ...price });
    }
  }
  await refreshProductPrices(tx, [id]);
  await recordAudit(tx, { actor, entity: "product", entityId: id, productId: id, action: current ? "import-update" : "import-create", after: { handle: t.source.handle, line: t.source.line } }, now);
  return id;
}
