import { and, ilike, or, sql } from "drizzle-orm";
import type { CatalogChanges } from "../cache/catalog-changes";
import type { SharedReads } from "../catalog/shared-reads";
import type { ListingQuery } from "../catalog/listing-query";
import type { Database } from "../db/client";
import { contentEntries } from "../db/schema";
import { isLive } from "../content/published";
import { entryPath } from "../../shared/content-paths";
import type { Collection } from "../../shared/taxonomy";
import type { Photo } from "../../shared/photo-urls";
import { queryWords } from "./query-words";
import { planSearch } from "./search-plan";
import { findProducts, type SearchPage } from "./search-products";
import { countMiss, pruneMisses, topMisses } from "./search-misses";
import { createSearchWordIndex } from "./search-words";
import { createSynonymGroup, deleteSynonymGroup, listSynonyms, synonymMap, updateSynonymGroup, type SynonymGroupInput } from "./synonyms";

/** What the header suggests while a shopper types (GET /api/search/suggest). */
export interface Suggestions {
  q: string;
  corrected: string | null;
  products: { id: number; name: string; price: number; compareAtPrice: number | null; image: string; photo: Photo | null }[];
  collections: { name: string; href: string }[];
  pages: { title: string; href: string }[];
}

export const SUGGESTED_PRODUCTS = 6;

export interface SearchDeps {
  db: Database;
  catalogChanges: CatalogChanges;
  now: () => Date;
  collections: () => Promise<Collection[]>;
  /** The header's suggestions are shared between visitors for a moment, like the listings (none: read every time). */
  sharedReads?: SharedReads;
}

/**
 * The storefront's search (issue 33, decision 0038): typo-tolerant full-text search over the active products, the
 * header's suggestions, the staff's synonyms and the count of searches that found nothing.
 */
export function createSearchService({ db, catalogChanges, now, collections, sharedReads }: SearchDeps) {
  const index = createSearchWordIndex({ db, catalogChanges });
  const plan = async (text: string, exact: boolean) => planSearch({ text, index, synonyms: await synonymMap(db), exact });
  const empty = (query: ListingQuery): SearchPage => ({ products: [], total: 0, totalCapped: false, page: query.page ?? 1, limit: query.limit ?? 24, corrected: null, normalized: "" });

  /** Up to 6 products, the collections and the content pages whose names start with what was typed. */
  async function suggest({ q }: { q: string }): Promise<Suggestions> {
    const planned = await plan(q, false);
    if (!planned) return { q, corrected: null, products: [], collections: [], pages: [] };
    // Collections and pages match the words as typed, or as corrected (a page's words are not the products').
    const typings = [queryWords(q), ...(planned.corrected ? [queryWords(planned.corrected)] : [])];
    const [found, all, ...pages] = await Promise.all([
      findProducts({ db, plan: planned, text: q, query: { limit: SUGGESTED_PRODUCTS }, counted: false }),
      collections(),
      ...typings.map((words) => matchingPages(db, words, now())),
    ]);
    return {
      q,
      corrected: planned.corrected,
      products: found.products.map((p) => ({ id: p.id, name: p.name, price: p.price, compareAtPrice: p.compareAtPrice, image: p.image, photo: p.photo })),
      collections: unique(typings.flatMap((words) => matchingCollections(all, words))).slice(0, 4),
      pages: unique(pages.flat()).slice(0, 3),
    };
  }

  return {
    /** The search page: `exact` searches the words as typed, without correcting them. A search that finds nothing even corrected is counted. */
    async searchProducts({ text, query = {}, exact = false }: { text: string; query?: ListingQuery; exact?: boolean }): Promise<SearchPage> {
      const planned = await plan(text, exact);
      if (!planned) return empty(query);
      const page = await findProducts({ db, plan: planned, text, query });
      if (page.total === 0 && !exact && (query.page ?? 1) === 1) await countMiss({ db, query: planned.normalized, now: now() });
      return page;
    },

    suggest: sharedReads ? sharedReads.share(suggest, ({ q }) => q) : suggest,

    synonyms: {
      list: () => listSynonyms(db),
      create: ({ actor, input }: { actor: string; input: SynonymGroupInput }) => createSynonymGroup({ db, actor, now: now(), input }),
      update: ({ actor, id, input }: { actor: string; id: number; input: SynonymGroupInput }) => updateSynonymGroup({ db, actor, now: now(), id, input }),
      remove: ({ actor, id }: { actor: string; id: number }) => deleteSynonymGroup({ db, actor, now: now(), id }),
    },

    /** The most frequent zero-result searches of the last 30 days. */
    topMisses: () => topMisses({ db, now: now() }),
    /** Forgets zero-result counts older than 13 months. */
    pruneMisses: () => pruneMisses({ db, now: now() }),
  };
}

export type SearchService = ReturnType<typeof createSearchService>;

const unique = <T extends { href: string }>(links: T[]) => links.filter((link, i) => links.findIndex((l) => l.href === link.href) === i);

/** Every typed word starts one of the name's words. */
const startsWords = (name: string, words: string[]) => {
  const own = queryWords(name);
  return words.length > 0 && words.every((w) => own.some((o) => o.startsWith(w)));
};

function matchingCollections(all: Collection[], words: string[]): Suggestions["collections"] {
  const found: Suggestions["collections"] = [];
  for (const c of all) {
    if (startsWords(c.name, words)) found.push({ name: c.name, href: `/category/${c.slug}` });
    for (const s of c.subcategories) if (startsWords(s.name, words) || startsWords(`${c.name} ${s.name}`, words)) found.push({ name: `${c.name} · ${s.name}`, href: `/category/${c.slug}/${s.slug}` });
  }
  return found.slice(0, 4);
}

async function matchingPages(db: Database, words: string[], now: Date): Promise<Suggestions["pages"]> {
  if (words.length === 0) return [];
  const first = words[0]!;
  const rows = await db
    .select({ kind: contentEntries.kind, slug: contentEntries.slug, title: contentEntries.title })
    .from(contentEntries)
    .where(and(isLive(now), sql`${contentEntries.kind} in ('page', 'policy')`, or(ilike(contentEntries.title, `${first}%`), ilike(contentEntries.title, `% ${first}%`))))
    .limit(20);
  return rows.filter((r) => startsWords(r.title, words)).slice(0, 3).map((r) => ({ title: r.title, href: entryPath(r) }));
}
