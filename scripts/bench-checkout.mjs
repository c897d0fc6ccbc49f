// npm run bench:checkout: what one checkout costs the store (issue 30: during a drop its checkouts share the one event
// loop with every page). Checkouts one after another (cart, payment intent, confirm with the test card, and the
// confirmation email) on an otherwise idle store, as `npm start` runs it, on PGlite and, with BENCH_DATABASE_URL, on
// PostgreSQL; prints the store's CPU per checkout (its threads included), the part of it on the event loop that serves
// the pages (the main thread), and the wall time of each.
// BENCH_CHECKOUTS sets how many (200); BENCH_SKIP_PGLITE=1 leaves PGlite out.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { performance } from "node:perf_hooks";
import { join } from "node:path";
import { checkoutOnce, ensureDatabase, startStore, stockedVariants, stopStore } from "./bench.mjs";

const CHECKOUTS = Number(process.env.BENCH_CHECKOUTS ?? 200);
const WARMUP = 20;

/**
 * CPU time so far in ms, user and system (in clock ticks of 10 ms): the process's, all its threads, from
 * /proc/<pid>/stat; its main thread's from /proc/<pid>/task/<pid>/stat.
 */
function cpuMs(path) {
  const fields = readFileSync(path, "utf8").split(") ")[1].split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

async function measure(url, pid) {
  const ids = (await (await fetch(`${url}/api/products?limit=60`)).json()).map((p) => p.id);
  const variants = await stockedVariants(url, ids);
  let n = 0;
  for (let i = 0; i < WARMUP; i++) await checkoutOnce(url, variants[n++ % variants.length]);
  await new Promise((r) => setTimeout(r, 2000)); // what the warm-up left running (emails, jobs) settles
  const [process, main] = [`/proc/${pid}/stat`, `/proc/${pid}/task/${pid}/stat`];
  const [cpu, mainCpu, started] = [cpuMs(process), cpuMs(main), performance.now()];
  let paid = 0;
  for (let i = 0; i < CHECKOUTS; i++) if (await checkoutOnce(url, variants[n++ % variants.length])) paid++;
  const wall = performance.now() - started;
  await new Promise((r) => setTimeout(r, 1500)); // the last confirmations' emails
  return { paid, cpu: (cpuMs(process) - cpu) / CHECKOUTS, mainCpu: (cpuMs(main) - mainCpu) / CHECKOUTS, wall: wall / CHECKOUTS };
}

const targets = process.env.BENCH_SKIP_PGLITE ? [] : [["PGlite", { DATA_DIR: mkdtempSync(join(tmpdir(), "bench-checkout-")) }]];
if (process.env.BENCH_DATABASE_URL) {
  await ensureDatabase(process.env.BENCH_DATABASE_URL);
  targets.push(["PostgreSQL", { DATABASE_URL: process.env.BENCH_DATABASE_URL }]);
}
for (const [label, env] of targets) {
  const store = await startStore({ ...env, WEB_CONCURRENCY: "1" });
  try {
    const { paid, cpu, mainCpu, wall } = await measure(store.url, store.child.pid);
    console.log(`${label}: ${CHECKOUTS} checkouts one after another, ${paid} paid: ${cpu.toFixed(1)} ms of the store's CPU each, ${mainCpu.toFixed(1)} ms of it on the event loop, ${wall.toFixed(1)} ms of wall time`);
  } finally {
    await stopStore(store.child);
    if (env.DATA_DIR) rmSync(env.DATA_DIR, { recursive: true, force: true });
  }
}
