// npm run bench: the store under autocannon (20 connections, 3 s warm-up, 10 s measured) on PGlite, and on
// PostgreSQL when BENCH_DATABASE_URL is set. Prints req/s, p50, p99 and the server's RSS against the goals.
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 3);
/** BENCH_ONLY="add to cart,list products" runs just those operations. */
const ONLY = process.env.BENCH_ONLY?.split(",").map((s) => s.trim());
const GOALS = { "list products": 450, "get one product": 1200, "add to cart": 1000, "product page": 1000 };

function rssMb(pid) {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
}

async function startStore(env) {
  const port = 43_000 + Math.floor(Math.random() * 2000);
  const child = spawn(process.execPath, ["build/server/main.js"], { env: { ...process.env, NODE_ENV: "production", HOST: "127.0.0.1", PORT: String(port), LOG_LEVEL: "warn", ...env }, stdio: ["ignore", "ignore", "inherit"] });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 200; i++) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) return { child, url };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("store did not start");
}

/** autocannon hands response headers over with their original casing. */
function setCookies(headers) {
  const value = Object.entries(headers).find(([name]) => name.toLowerCase() === "set-cookie")?.[1];
  return (Array.isArray(value) ? value : [value]).filter((c) => typeof c === "string");
}

function run(opts) {
  return new Promise((resolve, reject) => autocannon({ connections: CONNECTIONS, ...opts }, (err, result) => (err ? reject(err) : resolve(result))));
}

async function measure(name, url, build) {
  if (ONLY && !ONLY.includes(name)) return null;
  await run({ url, duration: WARMUP, ...build() });
  const result = await run({ url, duration: SECONDS, ...build() });
  return { name, rps: Math.round(result.requests.average), p50: result.latency.p50, p99: result.latency.p99, errors: result.errors + result.non2xx };
}

async function scenarios(url) {
  const ids = (await (await fetch(`${url}/api/products?limit=60`)).json()).map((p) => p.id);
  // The variant with the most stock, so no cart line runs out during the run.
  const tee = (await (await fetch(`${url}/api/products/4`)).json()).variants.reduce((best, v) => (v.available > best.available ? v : best));
  let n = 0;
  const rows = [];
  rows.push(await measure("list products", url, () => ({ path: "/api/products?limit=20" })));
  rows.push(await measure("get one product", url, () => ({ requests: [{ setupRequest: (req) => ({ ...req, path: `/api/products/${ids[n++ % ids.length]}` }) }] })));
  // One cart per connection, as a shopper's: the first add sets the cart cookie, the next adds reuse it; after
  // ADDS_PER_CART adds the connection starts a new cart, so a line never asks for more than is in stock.
  const ADDS_PER_CART = Math.min(10, tee.available);
  rows.push(
    await measure("add to cart", url, () => ({
      requests: [
        {
          method: "POST",
          path: "/api/cart/items",
          body: JSON.stringify({ productId: 4, quantity: 1, color: tee.color, size: tee.size }),
          setupRequest: (req, context) => ({ ...req, headers: { "content-type": "application/json", ...(context.cookie ? { cookie: context.cookie } : {}) } }),
          onResponse: (status, body, context, headers) => {
            const cart = setCookies(headers).find((c) => c.startsWith("cart="));
            if (cart) [context.cookie, context.adds] = [cart.split(";")[0], 0];
            context.adds = (context.adds ?? 0) + 1;
            if (status !== 201 || context.adds >= ADDS_PER_CART) context.cookie = undefined;
          },
        },
      ],
    })),
  );
  rows.push(await measure("home page", url, () => ({ path: "/" })));
  rows.push(await measure("category page", url, () => ({ path: "/category/men?sort=price-low" })));
  rows.push(await measure("product page", url, () => ({ requests: [{ setupRequest: (req) => ({ ...req, path: `/product/${ids[n++ % ids.length]}` }) }] })));
  return rows.filter(Boolean);
}

function print(label, rows, rss) {
  console.log(`\n${label}, Node ${process.version}  (${CONNECTIONS} connections, ${SECONDS} s, RSS after: ${rss} MB)`);
  console.log("operation          req/s   p50 ms  p99 ms  errors  goal");
  for (const r of rows) {
    const goal = GOALS[r.name];
    const misses = [r.rps < goal ? `${r.rps} < ${goal} req/s` : "", r.p99 >= 100 ? `p99 ${r.p99} ms ≥ 100` : ""].filter(Boolean);
    const verdict = goal ? (misses.length ? `MISSED: ${misses.join(", ")}` : `met (≥ ${goal} req/s, p99 < 100 ms)`) : "";
    console.log(`${r.name.padEnd(18)} ${String(r.rps).padStart(6)} ${String(r.p50).padStart(8)} ${String(r.p99).padStart(7)} ${String(r.errors).padStart(7)}  ${verdict}`);
  }
}

const targets = [["PGlite", { DATA_DIR: mkdtempSync(join(tmpdir(), "bench-")) }]];
if (process.env.BENCH_DATABASE_URL) targets.push(["PostgreSQL", { DATABASE_URL: process.env.BENCH_DATABASE_URL }]);
for (const [label, env] of targets) {
  const { child, url } = await startStore(env);
  try {
    const rows = await scenarios(url);
    print(label, rows, rssMb(child.pid));
  } finally {
    child.kill("SIGTERM");
    await new Promise((r) => child.once("exit", r));
    if (env.DATA_DIR) rmSync(env.DATA_DIR, { recursive: true, force: true });
  }
}
