// npm run bench:two-machines: two store processes as docs/DEPLOY.md §9 sets them up (one PostgreSQL, a throwaway
// cluster; one S3-compatible bucket, s3rver; each store its own DATA_DIR, no shared folder), started together on the
// empty database, under autocannon: each machine alone, then both at once with the connections split between them
// (what a round-robin balancer does, without a proxy's own cost on the same cores). Rows: an anonymous product page,
// a shopper with a cart on a product page and on the cart page (carts made on A, read on both), and a photo proxied
// from the bucket. Prints req/s, p50 and p99 per row and machine; "both" is the sum of the two machines' req/s and
// the higher of their p99s. BENCH_CONNECTIONS (20), BENCH_SECONDS (10) and BENCH_WARMUP (3) as for npm run bench.
// Every process runs on this machine, so two stores share its cores with PostgreSQL, s3rver and autocannon: "both"
// shows that load spreads across two machines and stays correct, not how it scales on two real ones.
import { rmSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";
import sharp from "sharp";
import { openDatabase } from "../server/db/client";
import { registerShopper } from "../server/test/accounts-helpers";
import { promoteToStaff } from "../server/test/admin-helpers";
import { createApiClient } from "../server/test/api-client";
import { LOCAL_S3_CREDENTIALS } from "../server/test/local-s3";
import { startThrowawayPostgres } from "../server/test/throwaway-postgres";
import { startStore, stopStore } from "./bench.mjs";
import { startS3rver } from "./s3rver-process";

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 3);

/** @param {{ path: () => string, cookie?: () => string | undefined }} load */
function cannon(url, connections, duration, load) {
  const request = { setupRequest: (req) => ({ ...req, path: load.path(), headers: { ...req.headers, ...(load.cookie ? { cookie: load.cookie() ?? "" } : {}) } }) };
  return new Promise((resolve, reject) => autocannon({ url, connections, duration, headers: { "accept-encoding": "gzip, deflate, br, zstd" }, requests: [request] }, (err, result) => (err ? reject(err) : resolve(result))));
}

const rowOf = (r) => ({ rps: Math.round(r.requests.average), p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + r.non2xx });

/** Warm-up, then the measured run, on one machine or split across several (connections shared between them). */
async function measure(urls, load) {
  const each = Math.max(1, Math.round(CONNECTIONS / urls.length));
  await Promise.all(urls.map((url) => cannon(url, each, WARMUP, load)));
  return (await Promise.all(urls.map((url) => cannon(url, each, SECONDS, load)))).map(rowOf);
}

/** A cart of one line made on `url`, as a shopper's browser holds it: the cookie. */
async function cartOn(url, productId, color, size) {
  const res = await fetch(`${url}/api/cart/items`, { method: "POST", headers: { "content-type": "application/json", origin: url }, body: JSON.stringify({ productId, color, size, quantity: 1 }) });
  if (res.status !== 201) throw new Error(`could not fill a cart: ${res.status} ${await res.text()}`);
  return res.headers.getSetCookie().find((c) => c.startsWith("cart=")).split(";")[0];
}

const [postgres, s3] = await Promise.all([startThrowawayPostgres(), startS3rver()]);
const dataDirs = [mkdtempSync(join(tmpdir(), "bench-a-")), mkdtempSync(join(tmpdir(), "bench-b-"))];
const bucket = { MEDIA_STORAGE: "s3", S3_BUCKET: s3.bucket, S3_REGION: "us-east-1", S3_ENDPOINT: s3.endpoint, S3_FORCE_PATH_STYLE: "true", S3_ACCESS_KEY_ID: LOCAL_S3_CREDENTIALS.accessKeyId, S3_SECRET_ACCESS_KEY: LOCAL_S3_CREDENTIALS.secretAccessKey };
const stores = [];
try {
  // Both start at once on the empty database: one migrates and seeds, the other waits for it (server/db/start-lock.ts).
  stores.push(...(await Promise.all(dataDirs.map((dir) => startStore({ ...bucket, DATABASE_URL: postgres.url, DATA_DIR: dir, WEB_CONCURRENCY: "1" })))));
  const [a, b] = stores;

  // A staff photo uploaded through A, so product pages link to the bucket and /media/… is proxied from it.
  const staff = createApiClient(a.url);
  const { username } = await registerShopper(staff);
  const database = await openDatabase({ url: postgres.url, poolSize: 1 });
  await promoteToStaff(database.db, username);
  await database.close();
  const photo = await sharp({ create: { width: 1200, height: 1500, channels: 3, background: { r: 120, g: 60, b: 40 } } }).jpeg().toBuffer();
  const uploaded = await staff.post("/api/admin/products/1/photos", photo, { "content-type": "image/jpeg" });
  if (uploaded.status !== 201) throw new Error(`upload failed: ${uploaded.status} ${uploaded.text}`);
  const photoKey = uploaded.body.photo.fileKey;

  const products = await (await fetch(`${a.url}/api/products?limit=60`)).json();
  const ids = products.map((p) => p.id);
  const detail = await Promise.all(ids.slice(0, 12).map(async (id) => (await fetch(`${a.url}/api/products/${id}`)).json()));
  const stocked = detail.filter((p) => !p.preorder).flatMap((p) => p.variants.filter((v) => v.available > 1).map((v) => ({ productId: p.id, ...v })));
  const carts = [];
  for (let i = 0; i < CONNECTIONS; i++) {
    const v = stocked[i % stocked.length];
    carts.push(await cartOn(a.url, v.productId, v.color, v.size));
  }
  let n = 0;
  let c = 0;
  const loads = [
    ["product page", { path: () => `/product/${ids[n++ % ids.length]}` }],
    ["cart: product page", { path: () => `/product/${ids[n++ % ids.length]}`, cookie: () => carts[c++ % carts.length] }],
    ["cart: cart page", { path: () => "/cart", cookie: () => carts[c++ % carts.length] }],
    ["photo from the bucket", { path: () => `/media/${photoKey}-${[320, 640, 960][n++ % 3]}.${["avif", "webp", "jpg"][n % 3]}` }],
  ];

  console.log(`\nTwo machines on one PostgreSQL and one bucket, Node ${process.version}  (${CONNECTIONS} connections in all, ${SECONDS} s; "both": ${Math.round(CONNECTIONS / 2)} on each)`);
  console.log("row                      machine    req/s   p50 ms  p99 ms  errors");
  const line = (name, machine, r) => console.log(`${name.padEnd(24)} ${machine.padEnd(8)} ${String(r.rps).padStart(7)} ${String(r.p50).padStart(8)} ${String(r.p99).padStart(7)} ${String(r.errors).padStart(7)}`);
  for (const [name, load] of loads) {
    const [alone] = await measure([a.url], load);
    line(name, "A", alone);
    const [onB] = await measure([b.url], load);
    line(name, "B", onB);
    const [ofA, ofB] = await measure([a.url, b.url], load);
    line("", "both: A", ofA);
    line("", "both: B", ofB);
    line("", "both", { rps: ofA.rps + ofB.rps, p50: Math.max(ofA.p50, ofB.p50), p99: Math.max(ofA.p99, ofB.p99), errors: ofA.errors + ofB.errors });
  }
} finally {
  await Promise.all(stores.map((s) => stopStore(s.child)));
  await Promise.all([postgres.destroy(), s3.remove()]);
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
}
