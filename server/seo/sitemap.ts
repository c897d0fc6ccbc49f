import { and, asc, count, gt, isNull, lte, max } from "drizzle-orm";
import { entryPath } from "../../shared/content-paths";
import { listCollections } from "../catalog/collections";
import { listLiveEntries } from "../content/content-entries";
import type { Database } from "../db/client";
import { drops, products } from "../db/schema";
import { dropPath } from "../drops/featured-drop";
import { isActive } from "../catalog/product-query";

/** Search engines take at most 50,000 URLs per sitemap file; larger catalogues get an index. */
export const URLS_PER_SITEMAP = 45_000;

const xmlEscape = (s: string) => s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[c]!);
const day = (d: Date) => d.toISOString().slice(0, 10);
const entry = (origin: string, path: string, lastmod?: Date) => `<url><loc>${xmlEscape(origin + path)}</loc>${lastmod ? `<lastmod>${day(lastmod)}</lastmod>` : ""}</url>`;
const urlset = (entries: string[]) => `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join("\n")}\n</urlset>\n`;

/**
 * Pages, collections, the drops' pages and the live posts and pages (issue 28), with the catalogue's last change as
 * the listings' lastmod. A drop's page is listed once it is announced (not archived), at its own address (the first
 * drop's is /vsop); a collection that is a drop's is left out, its drop's page standing for it.
 */
async function pageEntries(db: Database, origin: string, now: Date): Promise<string[]> {
  const [latest] = await db.select({ at: max(products.updatedAt) }).from(products).where(isActive);
  const catalogChanged = latest?.at ? new Date(latest.at) : undefined;
  const posts = await listLiveEntries({ db, now, kind: "post" });
  const pages = [...(await listLiveEntries({ db, now, kind: "policy" })), ...(await listLiveEntries({ db, now, kind: "page" }))];
  const shownDrops = await db.select({ slug: drops.slug }).from(drops).where(and(isNull(drops.archivedAt), lte(drops.announceAt, now))).orderBy(asc(drops.announceAt), asc(drops.id));
  const listings = [...new Set(["/products", "/category/sale", "/category/new", "/category/vsop", "/vsop", ...shownDrops.map((d) => dropPath(d.slug))])];
  for (const c of (await listCollections(db)).filter((c) => !c.drop)) {
    listings.push(`/category/${c.slug}`, ...c.subcategories.map((s) => `/category/${c.slug}/${s.slug}`));
  }
  return [
    entry(origin, "/", catalogChanged),
    ...listings.map((path) => entry(origin, path, catalogChanged)),
    entry(origin, "/blog", posts[0]?.publishedAt ?? undefined),
    ...posts.map((p) => entry(origin, entryPath(p), p.publishedAt ?? p.publishAt ?? undefined)),
    ...["/about", "/contact", "/size-guide"].map((path) => entry(origin, path)),
    ...pages.map((p) => entry(origin, entryPath(p), p.updatedAt)),
  ];
}

async function productEntries(db: Database, origin: string, afterId: number, limit: number): Promise<string[]> {
  const rows = await db.select({ id: products.id, updatedAt: products.updatedAt }).from(products).where(and(isActive, gt(products.id, afterId))).orderBy(asc(products.id)).limit(limit);
  return rows.map((r) => entry(origin, `/product/${r.id}`, r.updatedAt));
}

/** /sitemap.xml: one file while the catalogue is small, else an index of /sitemaps/pages.xml and products-N.xml. */
export async function sitemap({ db, origin, now = new Date() }: { db: Database; origin: string; now?: Date }): Promise<string> {
  const [total] = await db.select({ n: count() }).from(products).where(isActive);
  const n = total?.n ?? 0;
  if (n <= URLS_PER_SITEMAP) return urlset([...(await pageEntries(db, origin, now)), ...(await productEntries(db, origin, 0, URLS_PER_SITEMAP))]);
  const files = ["/sitemaps/pages.xml", ...Array.from({ length: Math.ceil(n / URLS_PER_SITEMAP) }, (_, i) => `/sitemaps/products-${i + 1}.xml`)];
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${files.map((f) => `<sitemap><loc>${xmlEscape(origin + f)}</loc></sitemap>`).join("\n")}\n</sitemapindex>\n`;
}

/** One part of a large sitemap; null when there is no such part. */
export async function sitemapPart({ db, origin, part, now = new Date() }: { db: Database; origin: string; part: string; now?: Date }): Promise<string | null> {
  if (part === "pages") return urlset(await pageEntries(db, origin, now));
  const match = /^products-(\d{1,4})$/.exec(part);
  if (!match) return null;
  const page = Number(match[1]);
  // Keyset by id: the (page-1)*size-th id is the cursor.
  const [cursor] = await db.select({ id: products.id }).from(products).where(isActive).orderBy(asc(products.id)).limit(1).offset((page - 1) * URLS_PER_SITEMAP);
  if (!cursor) return null;
  return urlset(await productEntries(db, origin, cursor.id - 1, URLS_PER_SITEMAP));
}

export function robotsTxt(origin: string): string {
  return ["User-agent: *", "Disallow: /api/", "Disallow: /admin", "Disallow: /account", "Disallow: /checkout", "Disallow: /cart", "", `Sitemap: ${origin}/sitemap.xml`, ""].join("\n");
}

