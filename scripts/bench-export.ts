// npm run bench:export: how long a staff CSV export holds the event loop (issue 32). On a fresh PGlite store grown to
// BENCH_PRODUCTS products (100,000 by default; BENCH_DATABASE_URL for PostgreSQL), the catalogue export streams through
// the same sendCsv the download route uses, into a sink that reads as fast as a client on the same machine, while
// perf_hooks.monitorEventLoopDelay watches. Prints the rows, the bytes, the time and the longest delay against the goal
// (about 20 ms).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Writable } from "node:stream";
import { monitorEventLoopDelay } from "node:perf_hooks";
import type { Response } from "express";
import { sql } from "drizzle-orm";
import { exportCatalog } from "../server/catalog/shopify-csv/export-catalog";
import { openDatabase } from "../server/db/client";
import { migrateDatabase } from "../server/db/migrate";
import { rowsOf } from "../server/db/rows";
import { settings } from "../server/db/schema";
import { sendCsv } from "../server/http/csv-download";
import { seedLargeCatalog } from "../server/seed/seed-large";

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 100_000);
const GOAL_MS = 20;
const url = process.env.BENCH_DATABASE_URL;
const dataDir = url ? null : mkdtempSync(join(tmpdir(), "bench-export-"));
const database = await openDatabase(url ? { url } : { dataDir: dataDir! });

/** A download that reads whatever it is sent: an Express response's write/end/set/type over a counting stream. */
function sink() {
  let bytes = 0;
  let rows = 0;
  const stream = new Writable({
    highWaterMark: 64 * 1024,
    write(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      for (const byte of chunk) if (byte === 10) rows++;
      setImmediate(done);
    },
  });
  const res = Object.assign(stream, { set: () => res, type: () => res }) as unknown as Response;
  const finished = new Promise<void>((resolve) => stream.on("finish", resolve));
  return { res, finished, totals: () => ({ bytes, rows }) };
}

try {
  await migrateDatabase(database);
  const started = Date.now();
  await seedLargeCatalog(database.db, PRODUCTS, (made) => process.stdout.write(`\rgrowing the catalogue: ${made.toLocaleString("en")} products`));
  await database.db.execute(sql`analyze`);
  const [{ products, variants }] = rowsOf<{ products: number; variants: number }>(await database.db.execute(sql`select (select count(*)::int from products) as products, (select count(*)::int from variants) as variants`)) as [{ products: number; variants: number }];
  console.log(`\n${url ? "PostgreSQL" : "PGlite"}, Node ${process.version}: ${products.toLocaleString("en")} products, ${variants.toLocaleString("en")} variants (grown in ${((Date.now() - started) / 1000).toFixed(0)} s)`);

  // The vendor column names the store as its settings do (the migrations write the row).
  const [store] = await database.db.select({ name: settings.storeName }).from(settings);
  const delay = monitorEventLoopDelay({ resolution: 5 });
  const { res, finished, totals } = sink();
  delay.enable();
  const exportStarted = performance.now();
  await sendCsv(res, "bench.csv", exportCatalog({ db: database.db, storeUrl: "http://localhost:3000", vendor: store!.name }));
  await finished;
  const seconds = (performance.now() - exportStarted) / 1000;
  delay.disable();
  const { bytes, rows } = totals();
  const ms = (ns: number) => (ns / 1e6).toFixed(1);
  console.log(`catalogue export: ${rows.toLocaleString("en")} rows, ${(bytes / 1e6).toFixed(1)} MB in ${seconds.toFixed(1)} s`);
  console.log(`event-loop delay during it: p50 ${ms(delay.percentile(50))} ms, p99 ${ms(delay.percentile(99))} ms, max ${ms(delay.max)} ms (goal: about ${GOAL_MS} ms)`);
  process.exitCode = delay.max / 1e6 <= GOAL_MS * 2.5 ? 0 : 1;
} finally {
  await database.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}
