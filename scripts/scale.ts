// npm run bench:scale: the category listing (filters and sort, as the category page asks for it) on a catalogue of
// 1,000 and of 100,000 products. Prints p95 per listing, the ratio against the 1.5× goal, and the access path the
// planner chose for each query at the largest size (an index scan, or a sequential scan of products, which misses).
//   npm run bench:scale                                   PGlite in temporary directories
//   SCALE_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:scale   PostgreSQL (creates scale_* databases)
//   SCALE_SIZES=1000,20000 SCALE_RUNS=40                  other sizes and run counts
//   SCALE_DATA_DIR=/tmp/scale                             keep the PGlite catalogues (one directory per size) for re-runs
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type SQL, sql } from "drizzle-orm";
import pg from "pg";
import { parseListingQueryLenient } from "../server/catalog/listing-query";
import { listingQueries, listProducts } from "../server/catalog/list-products";
import { scopeForPath } from "../server/catalog/browse-catalog";
import { openDatabase, type Database, type DatabaseHandle } from "../server/db/client";
import { rowsOf } from "../server/db/rows";
import { migrateDatabase } from "../server/db/migrate";
import { seedLargeCatalog } from "../server/seed/seed-large";
import { createCatalogChanges } from "../server/cache/catalog-changes";
import { listCollections } from "../server/catalog/collections";
import { createSearchService } from "../server/search/search-service";
import { seedSynonyms } from "../server/seed/seed-synonyms";

const SIZES = (process.env.SCALE_SIZES ?? "1000,100000").split(",").map(Number);
const RUNS = Number(process.env.SCALE_RUNS ?? 60);
const GOAL_RATIO = 1.5;
const serverUrl = process.env.SCALE_DATABASE_URL;

/** What shoppers ask the category pages for: a collection or a subcategory, with filters and a sort, first pages. */
const LISTINGS: [label: string, category: string, subcategory: string | undefined, query: string][] = [
  ["men, newest", "men", undefined, ""],
  ["women, price low to high", "women", undefined, "sort=price-low"],
  ["men, black or navy, size M, under $60", "men", undefined, "colors=Black,Navy&sizes=M&maxPrice=60"],
  ["kids, top rated, page 2", "kids", undefined, "sort=rating&page=2"],
  ["men / t-shirts, size L, price high to low", "men", "t-shirts", "sizes=L&sort=price-high"],
  ["women / dresses, $40 to $90, newest", "women", "dresses", "minPrice=40&maxPrice=90"],
];

async function openAt(size: number): Promise<{ handle: DatabaseHandle; dispose: () => Promise<void> }> {
  if (!serverUrl) {
    const kept = process.env.SCALE_DATA_DIR;
    const dir = kept ? join(kept, String(size)) : mkdtempSync(join(tmpdir(), `scale-${size}-`));
    const handle = await openDatabase({ dataDir: dir });
    return {
      handle,
      dispose: async () => {
        await handle.close();
        if (!kept) rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const name = `scale_${size}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${name}`);
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ url: url.toString() });
  return { handle, dispose: () => handle.close() };
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** p95 of each size's listing, measured in turns (one run per size in a row) so machine noise hits all sizes alike. */
async function timeListing(dbs: Database[], category: string, subcategory: string | undefined, query: string): Promise<number[]> {
  const options = (db: Database) => ({ db, scope: scopeForPath(category, subcategory), query: parseListingQueryLenient(new URLSearchParams(query)) });
  for (const db of dbs) for (let i = 0; i < 5; i++) await listProducts(options(db));
  const times = dbs.map((): number[] => []);
  for (let i = 0; i < RUNS; i++) {
    for (const [at, db] of dbs.entries()) {
      const started = performance.now();
      await listProducts(options(db));
      times[at]!.push(performance.now() - started);
    }
  }
  return times.map((t) => percentile(t, 95));
}

/** The access paths on products of one query's plan, e.g. "Index Scan using products_category_newest_idx". */
async function accessPaths(db: Database, query: SQL | { getSQL(): SQL }): Promise<string[]> {
  const plan = rowsOf<{ "QUERY PLAN": string }>(await db.execute(sql`explain ${query}`)).map((r) => r["QUERY PLAN"]);
  const paths = plan.map((line) => /((?:Parallel )?(?:Seq Scan|Index Only Scan(?: Backward)?|Index Scan(?: Backward)?|Bitmap Index Scan)(?: using \w+)? on (?:\w+_idx|\w+_key|\w+_pkey|products))/.exec(line)?.[1]).filter(Boolean);
  return [...new Set(paths as string[])];
}

/** What shoppers type in the header (issue 33): the suggestions' call, uncached, goal under 50 ms at the largest size. */
const SUGGESTIONS = ["hoodie", "hodi", "t shirt", "black tee m", "jens"];
const SUGGEST_GOAL_MS = 50;

/** p95 of each size's suggestions for `q`, in turns like the listings (the search words are built in the warm-up). */
async function timeSuggest(searches: ReturnType<typeof createSearchService>[], q: string): Promise<number[]> {
  for (const s of searches) for (let i = 0; i < 3; i++) await s.suggest({ q });
  const times = searches.map((): number[] => []);
  for (let i = 0; i < RUNS; i++) {
    for (const [at, s] of searches.entries()) {
      const started = performance.now();
      await s.suggest({ q });
      times[at]!.push(performance.now() - started);
    }
  }
  return times.map((t) => percentile(t, 95));
}

const opened: { handle: DatabaseHandle; dispose: () => Promise<void> }[] = [];
const results = new Map<string, { p95: number[]; paths: string[] }>();
const suggestTimes = new Map<string, number[]>();
try {
  for (const size of SIZES) {
    const database = await openAt(size);
    opened.push(database);
    await migrateDatabase(database.handle);
    const started = Date.now();
    await seedLargeCatalog(database.handle.db, size);
    console.log(`${serverUrl ? "PostgreSQL" : "PGlite"}: ${size.toLocaleString("en-US")} products ready in ${Math.round((Date.now() - started) / 1000)} s`);
  }
  const dbs = opened.map((o) => o.handle.db);
  const largest = dbs.at(-1)!;
  for (const [label, category, subcategory, query] of LISTINGS) {
    const p95 = await timeListing(dbs, category, subcategory, query);
    const queries = await listingQueries({ db: largest, scope: scopeForPath(category, subcategory), query: parseListingQueryLenient(new URLSearchParams(query)) });
    results.set(label, { p95, paths: [...(await accessPaths(largest, queries.rows)), ...(await accessPaths(largest, queries.count))] });
  }
  const searches = [];
  for (const db of dbs) {
    await seedSynonyms(db);
    searches.push(createSearchService({ db, catalogChanges: createCatalogChanges(), now: () => new Date(), collections: () => listCollections(db) }));
  }
  for (const q of SUGGESTIONS) suggestTimes.set(q, await timeSuggest(searches, q));
} finally {
  for (const o of opened) await o.dispose();
}

console.log(`\ncategory listing p95 (ms, ${RUNS} runs, page of 24 and the total count), goal: largest ≤ ${GOAL_RATIO}× smallest, no sequential scan of products`);
console.log(["listing".padEnd(44), ...SIZES.map((s) => s.toLocaleString("en-US").padStart(9)), "  ratio", " verdict"].join(" "));
let missed = 0;
for (const [label, { p95, paths }] of results) {
  const ratio = p95.at(-1)! / p95[0]!;
  const seqScan = paths.some((p) => p.startsWith("Seq Scan on products"));
  const ok = ratio <= GOAL_RATIO && !seqScan;
  if (!ok) missed++;
  console.log([label.padEnd(44), ...p95.map((v) => v.toFixed(1).padStart(9)), `${ratio.toFixed(2)}×`.padStart(7), ok ? " met" : ` MISSED${seqScan ? " (sequential scan)" : ""}`].join(" "));
  console.log(`${"".padEnd(46)}plan at ${SIZES.at(-1)!.toLocaleString("en-US")}: ${paths.join("; ") || "no products access (empty)"}`);
}
console.log(missed ? `\n${missed} listing(s) missed the goal.` : "\nEvery listing met the goal.");

console.log(`\nheader suggestions p95 (ms, ${RUNS} runs, uncached: 6 products, collections, pages), goal: under ${SUGGEST_GOAL_MS} ms at ${SIZES.at(-1)!.toLocaleString("en-US")}`);
for (const [q, p95] of suggestTimes) {
  console.log([`suggest "${q}"`.padEnd(44), ...p95.map((v) => v.toFixed(1).padStart(9)), "".padStart(7), p95.at(-1)! < SUGGEST_GOAL_MS ? " met" : " MISSED"].join(" "));
}
