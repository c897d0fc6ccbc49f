// npm run bench:soak: the bench's load (scripts/bench.mjs, every row, one after another, again and again) for
// SOAK_MINUTES (10 by default) on PGlite, and on PostgreSQL when BENCH_DATABASE_URL is set. Prints the store's memory
// each minute (RSS, the V8 heap, Buffers and PGlite's WebAssembly memory), then once more after 30 s of quiet. Issue 30
// asks RSS to stay flat: at most 400 MB on PostgreSQL and 600 MB on PGlite (decision 0035). BENCH_SKIP_PGLITE=1 leaves
// PGlite out; BENCH_ONLY and BENCH_SECONDS pick and size the rows as for the bench.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { clearInterval, setInterval } from "node:timers";
import { setTimeout as sleep } from "node:timers/promises";
import { describeMemory, ensureDatabase, memoryOf, scenarios, startStore, stopStore } from "./bench.mjs";

const MINUTES = Number(process.env.SOAK_MINUTES ?? 10);
const LIMITS = { PGlite: 600, PostgreSQL: 400 };

async function soak(label, env) {
  const store = await startStore(env);
  const samples = [];
  const sample = async (at) => {
    const memory = await memoryOf(store);
    samples.push(memory);
    console.log(`${label.padEnd(10)} ${at.padEnd(12)} ${describeMemory(memory)}`);
  };
  try {
    await sample("start");
    const started = Date.now();
    const end = started + MINUTES * 60_000;
    let minute = 0;
    const timer = setInterval(() => void sample(`minute ${++minute}`), 60_000);
    let passes = 0;
    try {
      // A pass takes about three minutes at the bench's 13 s a row; the last one stops at the next row past the end.
      while (Date.now() < end) {
        await scenarios(store.url, { until: end });
        passes++;
      }
    } finally {
      clearInterval(timer);
    }
    await sample("end");
    await sleep(30_000);
    await sample("after 30 s");
    const rss = samples.slice(1).map((m) => m.rss);
    const limit = LIMITS[label];
    const worst = Math.max(...rss);
    console.log(
      `${label}: ${passes} passes of the bench's rows in ${Math.round((Date.now() - started) / 60_000)} min; RSS from ${rss[0]} to ${rss.at(-1)} MB, highest ${worst} MB: ${worst <= limit ? `within ${limit} MB` : `OVER ${limit} MB`}`,
    );
  } finally {
    await stopStore(store.child);
    if (env.DATA_DIR) rmSync(env.DATA_DIR, { recursive: true, force: true });
  }
}

console.log(`Soak: the bench's rows for ${MINUTES} min per database, Node ${process.version}; memory in MB each minute.`);
if (!process.env.BENCH_SKIP_PGLITE) await soak("PGlite", { DATA_DIR: mkdtempSync(join(tmpdir(), "soak-")), WEB_CONCURRENCY: "1" });
if (process.env.BENCH_DATABASE_URL) {
  await ensureDatabase(process.env.BENCH_DATABASE_URL);
  await soak("PostgreSQL", { DATABASE_URL: process.env.BENCH_DATABASE_URL, WEB_CONCURRENCY: "1" });
}
