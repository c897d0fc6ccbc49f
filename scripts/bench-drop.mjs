// npm run bench:drop: a drop's open on a fresh production store (issue 48, "How we will know"), on PGlite and, when
// BENCH_DATABASE_URL is set, on PostgreSQL (the database is made when missing; a kept one works too: each run makes
// its own drop of products in no drop). Staff make the drop through POST /api/admin/drops: two products with
// BENCH_DROP_STOCK (3) units of each size, a line letting in 60 a minute, limits of 1 a product and 2 a drop, opening
// BENCH_DROP_LEAD_S (75) s later. Until 3 s before the open, two worker threads solve visitors' challenges (altcha-lib,
// as browsers do), up to BENCH_DROP_JOINERS (200). From the open:
// - BENCH_DROP_VISITORS (2,000) visitors arrive evenly over 10 s and load /drops/{slug} (timed: p50, p99);
// - meanwhile the visitors who had the page open during the countdown, one for each challenge solved before the open,
//   join the line over the same 10 s, the first at opensAt; after the 10 s the threads solve the rest for later
//   visitors, who join too (so no solving competes with the timed page). Each asks for its place
//   (GET …/line) until let in, then buys with the test card (some ask for more than the limits allow); they wait
//   BENCH_DROP_LINE_MINUTES (3), and the line lets in 60 a minute, so 181 joiners keep it full for the 3 minutes;
// - BENCH_DROP_BOTS (50) bots try every way in without solving a challenge for the first 15 s, from a worker thread
//   of their own (bench-drop-bots.mjs), so their answers don't hold up the thread that times the visitors' pages.
// Then the store stops and its database is read (scripts/bench-drop-check.ts): units sold against stock, the most
// one customer bought, the first sale, the bots' orders. Each line prints the figure, the goal and ok or MISSED.
// BENCH_SKIP_PGLITE=1 leaves PGlite out; BENCH_DROP_SLOWEST=1 also prints the 30 slowest page loads.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { describeMemory, ensureDatabase, memoryOf, startStore, stopStore } from "./bench.mjs";
import { startBots } from "./bench-drop-bots.mjs";
import { createSolvers, runCrowd, unsolvedProof } from "./bench-drop-crowd.mjs";
import { createDrop, signInStaff, stockDropProducts } from "./bench-drop-setup.mjs";
import { serverErrors } from "./bench-drop-visitor.mjs";

const VISITORS = Number(process.env.BENCH_DROP_VISITORS ?? 2000);
const ARRIVAL_MS = 10_000;
const JOINERS = Number(process.env.BENCH_DROP_JOINERS ?? 200);
const LINE_MINUTES = Number(process.env.BENCH_DROP_LINE_MINUTES ?? 3);
const LEAD_MS = Number(process.env.BENCH_DROP_LEAD_S ?? 75) * 1000;
const STOCK = Number(process.env.BENCH_DROP_STOCK ?? 3);
const ADMIT_PER_MINUTE = 60;
const LIMITS = { perProduct: 1, perDrop: 2 };
const BOTS = Number(process.env.BENCH_DROP_BOTS ?? 50);
const SOLVER_THREADS = 2;

const verdict = (ok) => (ok ? "ok" : "MISSED");
const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const count = (map) => [...map].map(([k, v]) => `${k}: ${v}`).join(", ") || "none";

/**
 * The drop ready on a running store: staff, stock, the drop, and the line's first proofs, solved until 3 s before
 * the open (at most JOINERS; a challenge lives 2 minutes, so none is older than the lead when spent).
 */
async function prepare(url, env) {
  const staff = await signInStaff(url, env);
  const variants = await stockDropProducts(staff, { count: 2, stock: STOCK });
  const drop = await createDrop(staff, { productIds: [...new Set(variants.map((v) => v.productId))], leadMs: LEAD_MS, admitPerMinute: ADMIT_PER_MINUTE, limits: LIMITS });
  const solvers = createSolvers(url, drop.slug, SOLVER_THREADS);
  const started = Date.now();
  const proofs = [];
  await solvers.solve(() => proofs.length < JOINERS && Date.now() < drop.opensAt - 3000, async (proof) => void proofs.push(proof));
  const solvedMs = Date.now() - started;
  const unsolved = await unsolvedProof(url, drop.slug);
  return { variants, drop, proofs, solvers, solvedMs, unsolved };
}

/** The crowd and the bots from the open, until the line's last minute is over and its shoppers are done. */
async function open(url, { variants, drop, proofs, solvers, unsolved }) {
  const lineUntil = drop.opensAt + LINE_MINUTES * 60_000 + 2000;
  const bots = startBots(url, { count: BOTS, dropId: drop.id, slug: drop.slug, opensAt: drop.opensAt, until: drop.opensAt + ARRIVAL_MS + 5000, variants, unsolved });
  // The proofs the line's joiners spend, told to the bots to replay.
  const spent = { push: bots.spend };
  try {
    const [crowd, botsSaw] = await Promise.all([runCrowd(url, { slug: drop.slug, opensAt: drop.opensAt, visitors: VISITORS, arrivalMs: ARRIVAL_MS, proofs, solvers, joiners: JOINERS, lineUntil, variants, spent }), bots.result]);
    return { crowd, bots: botsSaw };
  } finally {
    await solvers.close();
  }
}

/** scripts/bench-drop-check.ts on the stopped store's database. */
async function readDatabase(env, dropId) {
  const child = spawn(process.execPath, ["--import", "tsx", "scripts/bench-drop-check.ts", String(dropId)], { env: { ...process.env, ...env, LOG_LEVEL: "warn" }, stdio: ["ignore", "pipe", "inherit"] });
  let out = "";
  child.stdout.on("data", (chunk) => (out += chunk));
  const code = await new Promise((resolve) => child.once("exit", resolve));
  if (code !== 0) throw new Error(`bench-drop-check.ts failed (${code})`);
  return JSON.parse(out.trim().split("\n").at(-1));
}

/**
 * Admissions in each whole minute of the line from its first admission (`start`), while people still waited behind
 * them (up to `lastAdmit`).
 */
function admissionsByMinute(admitAts, start, lastAdmit) {
  const minutes = [];
  for (let m = 0; m < LINE_MINUTES && start + (m + 1) * 60_000 <= lastAdmit; m++) {
    minutes.push(admitAts.filter((t) => t >= start + m * 60_000 && t < start + (m + 1) * 60_000).length);
  }
  return minutes;
}

/** The 30 slowest page loads, each as the second its visitor arrived (from opensAt) and its time. */
const slowest = (pages) =>
  [...pages]
    .sort((a, b) => b.ms - a.ms)
    .slice(0, 30)
    .map((p) => `${((p.at * ARRIVAL_MS) / 1000).toFixed(2)}: ${p.ms.toFixed(0)}`)
    .join(", ");

function report(label, { setup, crowd, bots, db, memory }) {
  const { drop, variants, solvedMs } = setup;
  const pages = crowd.pages.map((p) => p.ms).sort((a, b) => a - b);
  const [p50, p99] = [percentile(pages, 50), percentile(pages, 99)];
  // The first second's visitors meet the phase change (the page rendered for the open); the rest, what it serves then.
  if (process.env.BENCH_DROP_SLOWEST) console.log(`  slowest pages (second of arrival: ms): ${slowest(crowd.pages)}`);
  const later = crowd.pages.filter((p) => p.at >= 0.1).map((p) => p.ms).sort((a, b) => a - b);
  const pageErrors = pages.length - (crowd.pageStatuses.get(200) ?? 0);
  const [firstAdmit, lastAdmit] = [Math.min(...db.passAdmits), Math.max(...db.passAdmits)];
  const seenMinutes = admissionsByMinute(crowd.admissions, firstAdmit, lastAdmit);
  const storedMinutes = admissionsByMinute(db.passAdmits, firstAdmit, lastAdmit);
  const oversold = db.variants.filter((v) => {
    const start = variants.find((s) => s.id === v.id)?.stock ?? 0;
    return v.committed > start || v.onHand < 0 || v.reserved > v.onHand || v.onHand !== start - v.committed;
  });
  const soldOut = db.variants.filter((v) => v.onHand === 0).length;
  const over = Math.max(db.byEmail.perProduct, db.byAddress.perProduct) > LIMITS.perProduct || Math.max(db.byEmail.perDrop, db.byAddress.perDrop) > LIMITS.perDrop;
  const firstSale = db.firstPaidAt === null ? null : db.firstPaidAt - db.opensAt;
  const botsIn = [...bots.answers].filter(([k]) => / 2\d\d$/.test(k)).reduce((n, [, v]) => n + v, 0);

  console.log(`\n${label}, Node ${process.version}: drop ${drop.slug}, ${variants.length} sizes of 2 products × ${STOCK} units, ${ADMIT_PER_MINUTE} a minute let in, limits ${LIMITS.perProduct} a product and ${LIMITS.perDrop} a drop`);
  console.log(`  proof of work: ${setup.proofs.length} challenges solved during the countdown in ${SOLVER_THREADS} worker threads (${(solvedMs / 1000).toFixed(1)} s), their visitors joining over the first ${ARRIVAL_MS / 1000} s from opensAt; ${crowd.lateJoiners} more solved and joining after those ${ARRIVAL_MS / 1000} s (no solving while the page is timed)`);
  console.log(`  drop page /drops/${drop.slug}, ${pages.length} visitors over ${ARRIVAL_MS / 1000} s from opensAt: p50 ${p50.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms, ${pageErrors} not 200 (${count(crowd.pageStatuses)}; X-Cache ${count(crowd.pageCache)}); after the first second p50 ${percentile(later, 50).toFixed(1)} ms, p99 ${percentile(later, 99).toFixed(1)} ms; goal p99 < 100 ms: ${verdict(p99 < 100 && pageErrors === 0)}`);
  console.log(`  line: ${setup.proofs.length + crowd.lateJoiners} joined, the first let in ${firstAdmit - drop.opensAt} ms after opensAt; let in per minute from then (passes' admitAt, as GET …/line showed them): ${seenMinutes.map((n, m) => `minute ${m + 1}: ${n}`).join(", ") || "no whole minute"}; in the database: ${storedMinutes.join(", ")}; goal ${ADMIT_PER_MINUTE} ± 1 each minute: ${verdict(seenMinutes.length === LINE_MINUTES && seenMinutes.every((n) => Math.abs(n - ADMIT_PER_MINUTE) <= 1))}`);
  console.log(`  oversold: ${oversold.length} of ${db.variants.length} sizes (units committed against the stock set, on_hand ≥ 0, reserved ≤ on_hand, on_hand = stock − committed); ${soldOut} sizes sold out; goal 0: ${verdict(oversold.length === 0)}`);
  console.log(`  over the per-customer limit: most one customer's paid orders hold ${Math.max(db.byEmail.perProduct, db.byAddress.perProduct)} of a product, ${Math.max(db.byEmail.perDrop, db.byAddress.perDrop)} of the drop (by email and by address; limits ${LIMITS.perProduct} and ${LIMITS.perDrop}); goal 0 over: ${verdict(!over)}`);
  console.log(`  first sale: ${firstSale === null ? "none" : `${firstSale} ms`} after opensAt (first paid order's paidAt); goal ≤ 1000 ms: ${verdict(firstSale !== null && firstSale <= 1000)}`);
  console.log(`  bots: ${BOTS} skipping the challenge: ${botsIn} answers let them in, ${bots.paid + db.botOrders} orders (${count(bots.answers)}); goal 0 orders: ${verdict(bots.paid + db.botOrders === 0 && botsIn === 0)}`);
  console.log(`  shoppers let in: ${crowd.admissions.length}; their orders: ${count(crowd.outcomes)}; ${db.paidOrders} paid orders of the drop in the database; line errors: ${crowd.lineErrors.length ? crowd.lineErrors.slice(0, 5).join(" | ") : "none"}`);
  console.log(`  answers of 500 or more: ${count(serverErrors)}`);
  console.log(`  after: ${describeMemory(memory)}`);
}

async function bench(label, env) {
  const store = await startStore(env);
  let result;
  try {
    const setup = await prepare(store.url, env);
    if (Date.now() > setup.drop.opensAt) console.warn(`${label}: the preparation ran ${Date.now() - setup.drop.opensAt} ms past the open: raise BENCH_DROP_LEAD_S`);
    await sleep(Math.max(0, setup.drop.opensAt - 1000 - Date.now()));
    const { crowd, bots } = await open(store.url, setup);
    result = { setup, crowd, bots, memory: await memoryOf(store) };
  } finally {
    await stopStore(store.child);
  }
  report(label, { ...result, db: await readDatabase(env, result.setup.drop.id) });
  serverErrors.clear();
}

const targets = process.env.BENCH_SKIP_PGLITE ? [] : [["PGlite", { DATA_DIR: mkdtempSync(join(tmpdir(), "bench-drop-")), WEB_CONCURRENCY: "1" }]];
if (process.env.BENCH_DATABASE_URL) {
  await ensureDatabase(process.env.BENCH_DATABASE_URL);
  targets.push(["PostgreSQL", { DATABASE_URL: process.env.BENCH_DATABASE_URL, WEB_CONCURRENCY: "1" }]);
}
for (const [label, env] of targets) {
  try {
    await bench(label, env);
  } finally {
    if (env.DATA_DIR) rmSync(env.DATA_DIR, { recursive: true, force: true });
  }
}
