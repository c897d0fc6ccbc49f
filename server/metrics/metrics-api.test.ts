import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApiClient } from "../test/api-client";
import { card, checkoutWith, closeOpenOrders, setVariantStock } from "../test/checkout-helpers";
import { startTestServer, type TestServer } from "../test/test-server";
import { createMetrics } from "./metrics";
import { startMetricsServer } from "./metrics-http";
import { RECOVERY_SKIP_REASONS } from "../../shared/recovery";

const TOKEN = "metrics-token-for-tests-0123456789abcdef";

/** The value of one series in Prometheus text, 0 when it is not there. */
function sample(text: string, series: string): number {
  const line = text.split("\n").find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

const routeLabels = (text: string) => new Set([...text.matchAll(/^http_request_duration_seconds_count\{[^}]*route="([^"]*)"/gm)].map((m) => m[1]));

describe("/metrics", () => {
  let server: TestServer;
  const scrape = async () => {
    const res = await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(200);
    return res.text();
  };
  beforeAll(async () => {
    server = await startTestServer({ metricsToken: TOKEN, cacheTtlMs: 5000 });
  });
  afterAll(() => server?.close());

  it("has every known label value of each labelled counter from the first scrape, at 0 (issue 32)", async () => {
    const text = await scrape();
    const reasons = ["bad_request", "conflict", "payment_failed", "payment_declined", "rate_limited", "unavailable", "internal", "other"];
    const series = [
      ...reasons.map((reason) => `store_checkout_failures_total{reason="${reason}"}`),
      ...["sent", "failed"].map((result) => `store_emails_total{result="${result}"}`),
      ...["hit", "stale", "miss"].map((result) => `store_response_cache_total{result="${result}"}`),
      ...RECOVERY_SKIP_REASONS.map((reason) => `store_recovery_emails_skipped_total{reason="${reason}"}`),
    ];
    expect(Object.fromEntries(series.map((name) => [name, text.split("\n").find((line) => line.startsWith(`${name} `))]))).toEqual(Object.fromEntries(series.map((name) => [name, `${name} 0`])));
    // Every labelled counter of the store's own is covered above: a new one needs its known values started at 0 too.
    const labelled = new Set([...text.matchAll(/^(store_\w+_total)\{/gm)].map((m) => m[1]));
    expect([...labelled].sort()).toEqual(["store_checkout_failures_total", "store_emails_total", "store_recovery_emails_skipped_total", "store_response_cache_total"]);
    expect(text).toMatch(/^store_recovery_emails_sent_total 0$/m);
    expect(text).toMatch(/^store_recovery_orders_recovered_total 0$/m);
  });

  it("answers only to the metrics token, in Prometheus text with Node and process defaults", async () => {
    const bare = await fetch(`${server.url}/metrics`);
    expect(bare.status).toBe(401);
    expect(await bare.json()).toEqual({ message: "Metrics need the metrics token as a bearer token", code: "unauthorized" });
    expect((await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}x` } })).status).toBe(401);
    expect((await fetch(`${server.url}/metrics`, { headers: { authorization: TOKEN } })).status).toBe(401);

    const res = await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await res.text();
    for (const name of ["process_cpu_user_seconds_total", "process_resident_memory_bytes", "nodejs_heap_size_used_bytes", "nodejs_eventloop_lag_seconds", "store_orders_paid_total", "store_jobs"]) {
      expect(text).toContain(`# TYPE ${name} `);
    }
    // Buffers apart from the rest of "external" (decision 0035); PGlite's WebAssembly memory only once a store measures it.
    expect(sample(text, 'store_memory_bytes{kind="array_buffers"}')).toBeGreaterThan(0);
    expect(text).not.toContain('kind="pglite_wasm"');
  });

  it("reports PGlite's WebAssembly memory once the store measures it", async () => {
    const metrics = createMetrics();
    metrics.measureWasmMemory(() => 128 * 1024 * 1024);
    expect(sample(await metrics.render(), 'store_memory_bytes{kind="pglite_wasm"}')).toBe(128 * 1024 * 1024);
  });

  it("times requests by route pattern and status, never by their URL", async () => {
    for (const id of [2, 3, 4]) expect((await fetch(`${server.url}/api/products/${id}`)).status).toBe(200);
    expect((await fetch(`${server.url}/api/products/999999`)).status).toBe(404);
    const before = await scrape();
    expect(sample(before, 'http_request_duration_seconds_count{method="GET",route="/api/products/:id",status="200"}')).toBeGreaterThanOrEqual(1);
    expect(sample(before, 'http_request_duration_seconds_count{method="GET",route="/api/products/:id",status="404"}')).toBe(1);
    expect(before).not.toMatch(/route="\/api\/products\/\d/);

    const labels = routeLabels(before);
    await Promise.all(Array.from({ length: 300 }, (_, i) => fetch(`${server.url}/api/no-such-thing-${i}-${Math.random().toString(36).slice(2)}?q=${i}`)));
    await Promise.all(Array.from({ length: 100 }, (_, i) => fetch(`${server.url}/api/products/${100_000 + i}`)));
    const after = await scrape();
    const added = [...routeLabels(after)].filter((l) => !labels.has(l));
    expect(added.every((l) => l === "unmatched")).toBe(true);
    expect(sample(after, 'http_request_duration_seconds_count{method="GET",route="unmatched",status="404"}')).toBeGreaterThanOrEqual(300);
    expect(after).not.toContain("no-such-thing");
  });

  it("counts paid orders, declined and refused checkouts, failed emails and response-cache hits", async () => {
    const before = await scrape();
    await closeOpenOrders(server.database.db);
    await setVariantStock(server.database.db, 2, "Black", "M", 5);

    const buyer = createApiClient(server.url);
    const started = await checkoutWith(buyer, { productId: 2, quantity: 1, size: "M", color: "Black" });
    const send = server.mailer.send;
    server.mailer.send = () => Promise.reject(new Error("SMTP unavailable"));
    const paid = await buyer.post(`/api/test-payments/${started.body.paymentIntentId}/confirm`, { clientSecret: started.body.clientSecret, ...card("4242424242424242") }).finally(() => (server.mailer.send = send));
    expect(paid.status).toBe(200);

    const declined = createApiClient(server.url);
    const second = await checkoutWith(declined, { productId: 2, quantity: 1, size: "M", color: "Black" });
    await declined.post(`/api/test-payments/${second.body.paymentIntentId}/confirm`, { clientSecret: second.body.clientSecret, ...card("4000000000000002") });

    await setVariantStock(server.database.db, 3, "Black", "M", 0);
    const tooLate = createApiClient(server.url);
    await setVariantStock(server.database.db, 3, "Black", "M", 1);
    expect((await tooLate.post("/api/cart/items", { productId: 3, quantity: 1, size: "M", color: "Black" })).status).toBe(201);
    await setVariantStock(server.database.db, 3, "Black", "M", 0);
    const refused = await tooLate.post("/api/create-payment-intent", { email: "late@example.com", name: "Late Buyer", address: { line1: "1 Main St", city: "Portland", region: "OR", postalCode: "97205", country: "US" }, amount: 0.01 });
    expect(refused.status).toBe(409);

    await fetch(`${server.url}/api/products?limit=3`);
    await fetch(`${server.url}/api/products?limit=3`);

    const after = await scrape();
    const delta = (series: string) => sample(after, series) - sample(before, series);
    expect(delta("store_orders_paid_total")).toBe(1);
    expect(delta('store_checkout_failures_total{reason="payment_declined"}')).toBe(1);
    expect(delta('store_checkout_failures_total{reason="conflict"}')).toBe(1);
    expect(delta('store_emails_total{result="failed"}')).toBe(1);
    expect(delta('store_response_cache_total{result="miss"}')).toBeGreaterThanOrEqual(1);
    expect(delta('store_response_cache_total{result="hit"}')).toBeGreaterThanOrEqual(1);
  });
});

describe("metrics without a token", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server?.close());

  it("are not served on the store's port at all", async () => {
    expect((await fetch(`${server.url}/metrics`)).status).toBe(404);
    expect((await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(404);
  });

  it("can be served on their own port, bound to 127.0.0.1 only", async () => {
    const metrics = createMetrics();
    metrics.orderPaid();
    metrics.countJobsWith(async () => ({ waiting: 2, active: 1, failed: 3 }));
    const own = await startMetricsServer({ port: 0, render: metrics.render, contentType: metrics.contentType });
    try {
      const address = own.address() as AddressInfo;
      expect(address.address).toBe("127.0.0.1");
      const text = await (await fetch(`http://127.0.0.1:${address.port}/metrics`)).text();
      expect(sample(text, "store_orders_paid_total")).toBe(1);
      expect(sample(text, 'store_jobs{state="failed"}')).toBe(3);
      expect(sample(text, 'store_jobs{state="waiting"}')).toBe(2);
      expect((await fetch(`http://127.0.0.1:${address.port}/`)).status).toBe(404);
    } finally {
      own.close();
    }
  });
});
