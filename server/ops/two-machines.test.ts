import { existsSync } from "node:fs";
import { join } from "node:path";
import { eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import type { Database } from "../db/client";
import { rowsOf } from "../db/rows";
import { orders, recoveryMessages } from "../db/schema";
import { registerShopper } from "../test/accounts-helpers";
import { promoteToStaff } from "../test/admin-helpers";
import { createApiClient } from "../test/api-client";
import { confirmationsSent, outboxMails } from "../test/app-processes";
import { card, checkoutWith, orderFor, setVariantStock } from "../test/checkout-helpers";
import { type Outcome, sendAlone, startSlowModel } from "../test/requests-in-flight";
import { postgresBinaries } from "../test/throwaway-postgres";
import { twoMachines } from "../test/two-machines";

/** An answer as a client behind a balancer sees it: which machine gave it, and whether A refused or dropped it first. */
type Seen = Outcome & { via: "a" | "b"; retried: boolean; slow?: boolean };

/**
 * What the balancer in docs/DEPLOY.md §9 does: A first; a GET that A refuses, drops or answers 502/503 is asked of B
 * (proxy_next_upstream error timeout http_502 http_503), a POST only when A never took the connection.
 */
async function throughBalancer(a: string, b: string, path: string, json?: unknown): Promise<Seen> {
  const first = await sendAlone(`${a}${path}`, json);
  const failed = json ? first.error === "ECONNREFUSED" : first.error !== undefined || first.status === 502 || first.status === 503;
  if (!failed) return { ...first, via: "a", retried: false };
  return { ...(await sendAlone(`${b}${path}`, json)), via: "b", retried: true };
}

/** A checkout left unpaid 26 hours ago, by a shopper who agreed to marketing: both recovery emails are due. */
async function leaveCheckout(db: Database) {
  const [variant] = rowsOf<{ id: number }>(await db.execute(sql`select id from variants where product_id = 2 and size = 'M' limit 1`));
  await db.execute(sql`update variants set on_hand = 50, reserved = 0 where id = ${variant!.id}`);
  const [cart] = rowsOf<{ id: string }>(await db.execute(sql`insert into carts (token_hash) values ('two-machines-left-cart') returning id`));
  await db.execute(sql`insert into cart_items (cart_id, variant_id, quantity) values (${cart!.id}, ${variant!.id}, 1)`);
  const left = new Date(Date.now() - 26 * 3600_000).toISOString();
  await db.execute(sql`
    insert into orders (order_number, cart_id, status, email, shipping_name, shipping_line1, shipping_city, shipping_region, shipping_postal_code, shipping_country,
      subtotal_cents, discount_cents, shipping_cents, tax_cents, total_cents, cart_fingerprint, payment_provider, stock_state, reservation_expires_at,
      marketing_consent_at, marketing_consent_wording, created_at, updated_at)
    values ('VS-900001', ${cart!.id}, 'expired', 'left@example.com', 'Sam Rivera', '12 Market Street', 'Portland', 'OR', '97205', 'US',
      14999, 0, 0, 1200, 16199, 'left', 'test', 'released', ${left}::timestamptz, ${left}::timestamptz, 'checkout-2026-11', ${left}::timestamptz, ${left}::timestamptz)`);
}

// The style assistant's language model, answering after 1.5 s: requests surely in flight when A is stopped.
const slowModel = startSlowModel();
afterAll(slowModel.close);

// Issue 53: two machines, run. Its own cluster and bucket, so it runs the same with or without TEST_DATABASE_URL.
describe.runIf(postgresBinaries())("two machines: one PostgreSQL, one bucket, no shared disk (docs/DEPLOY.md §9)", { timeout: 120_000 }, () => {
  const machines = twoMachines({
    // Answers are kept a minute: anything A shows within a second of a change on B came from B's notice.
    env: () => ({ RESPONSE_CACHE_MS: "60000", RUN_JOBS: "true", SHUTDOWN_TIMEOUT_MS: "10000", AI_API_KEY: "test-key", AI_BASE_URL: slowModel.url }),
    before: async (db) => {
      await slowModel.listening;
      await leaveCheckout(db);
    },
  });
  /** A signed-in Owner, its session good on both machines. */
  async function staffOn(url: string) {
    const client = createApiClient(url);
    const { username } = await registerShopper(client);
    await promoteToStaff(machines.db, username);
    return client;
  }

  it("a photo uploaded through A is on B's product page, and B serves its file from the bucket", async () => {
    const { a, b } = machines;
    const staff = await staffOn(a.store.url);
    const photo = await sharp({ create: { width: 1000, height: 1250, channels: 3, background: { r: 150, g: 40, b: 60 } } }).jpeg().toBuffer();
    const uploaded = await staff.post("/api/admin/products/3/photos?color=Black", photo, { "content-type": "image/jpeg" });
    expect(uploaded.status, uploaded.text).toBe(201);
    const key = uploaded.body.photo.fileKey as string;

    const page = await createApiClient(b.store.url).get("/product/3", { accept: "text/html" });
    expect(page.status, b.store.output()).toBe(200);
    expect(page.text).toContain(`/media/${key}-640.webp`);
    const file = await fetch(`${b.store.url}/media/${key}-640.webp`);
    expect([file.status, file.headers.get("content-type"), file.headers.get("cache-control")]).toEqual([200, "image/webp", "public, max-age=31536000, immutable"]);
    const stored = await machines.bucket().get(`derived/${key}-640.webp`);
    expect(Buffer.from(await file.arrayBuffer()).equals(stored!.body)).toBe(true);
    // Nothing went to either machine's disk.
    for (const machine of [a, b]) expect(existsSync(join(machine.dataDir, "media"))).toBe(false);
  });

  it("a price changed on B is shown by A within a second, on the API and on the page", async () => {
    const { a, b } = machines;
    const visitor = createApiClient(a.store.url);
    for (const path of ["/api/products/4", "/api/products/4"]) await visitor.get(path);
    await visitor.get("/product/4", { accept: "text/html" });
    expect((await visitor.get("/api/products/4")).headers.get("x-cache")).toBe("hit");

    const staff = await staffOn(b.store.url);
    const changedAt = performance.now();
    expect((await staff.patch("/api/admin/products/4", { priceCents: 123_45 })).status).toBe(200);
    await expect.poll(async () => (await visitor.get("/api/products/4")).body.price, { timeout: 1000, interval: 25 }).toBe(123.45);
    await expect.poll(async () => (await visitor.get("/product/4", { accept: "text/html" })).text.includes("$123.45"), { timeout: 1000, interval: 25 }).toBe(true);
    expect(performance.now() - changedAt).toBeLessThan(1500);
  });

  it("a cart started on A is paid on B: one paid order, one confirmation", async () => {
    const { a, b } = machines;
    await setVariantStock(machines.db, 2, "Black", "L", 5);
    const onA = createApiClient(a.store.url);
    const started = await checkoutWith(onA, { productId: 2, quantity: 1, size: "L" });
    expect(started.status, started.text).toBe(200);
    const onB = createApiClient(b.store.url, onA.jar);
    const paid = await onB.post(`/api/test-payments/${started.body.paymentIntentId}/confirm`, { clientSecret: started.body.clientSecret, ...card("4242424242424242") });
    expect(paid.status, paid.text).toBe(200);

    const order = await orderFor(machines.db, started.body.paymentIntentId);
    expect(order.status).toBe("paid");
    const sent = async () => [...(await confirmationsSent(a.dataDir)), ...(await confirmationsSent(b.dataDir))];
    await expect.poll(sent, { timeout: 10_000 }).toEqual([order.orderNumber]);
    expect(await machines.db.$count(orders, eq(orders.status, "paid"))).toBe(1);
  });

  it("a job both machines run does its work once: each recovery email of a left checkout is sent once", async () => {
    const { a, b } = machines;
    // Both queued the recovery sweep as they started, and both work the queue of emails it makes.
    await expect.poll(() => machines.db.$count(recoveryMessages, eq(recoveryMessages.outcome, "sent")), { timeout: 60_000, interval: 250 }).toBe(2);
    const mails = [...(await outboxMails(a.dataDir)), ...(await outboxMails(b.dataDir))].filter((m) => /^To: left@example\.com$/m.test(m));
    expect(mails.map((m) => /^Subject: (.*)$/m.exec(m)![1]).sort()).toEqual([expect.stringMatching(/^You left something in your /), expect.stringMatching(/cart is still waiting/)]);
  });

  it("stopping A (SIGTERM) loses no request: what A had finishes, what it refuses B answers", async () => {
    const { a, b } = machines;
    const paths = ["/api/products/2", "/api/products?limit=48", "/product/3", "/api/products/category/men?limit=24", "/api/health"];
    const outcomes: Seen[] = [];
    let exitedAt = Number.POSITIVE_INFINITY;
    const loops = Array.from({ length: 8 }, async (_, i) => {
      // Until A is gone and B has answered a few more of this loop's requests.
      const slow = i < 2;
      for (let afterExit = 0; afterExit < (slow ? 2 : 10); ) {
        const outcome = slow ? await throughBalancer(a.store.url, b.store.url, "/api/ai/style-recommendation", { userPreferences: {} }) : await throughBalancer(a.store.url, b.store.url, paths[i % paths.length]!);
        outcomes.push({ ...outcome, slow });
        if (outcome.doneAt > exitedAt) afterExit += 1;
      }
    });
    while (outcomes.length < 40 || slowModel.held() < 2) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(outcomes.every((o) => o.via === "a" && o.status === 200 && o.complete)).toBe(true);

    const exited = new Promise<number | null>((resolve) => a.store.child.once("exit", (code) => resolve(code)));
    const sigtermAt = performance.now();
    a.store.child.kill("SIGTERM");
    const code = await exited;
    exitedAt = performance.now();
    await Promise.all(loops);

    expect(code, a.store.output()).toBe(0);
    // Every request was answered whole: by A if it had taken it, else by B.
    expect(outcomes.filter((o) => o.status !== 200 || !o.complete)).toEqual([]);
    // The two the model held at SIGTERM were A's, and A answered them after it.
    expect(outcomes.filter((o) => o.slow && o.via === "a" && o.doneAt > sigtermAt).length).toBeGreaterThanOrEqual(2);
    const afterExit = outcomes.filter((o) => o.doneAt > exitedAt);
    expect(afterExit.length).toBeGreaterThanOrEqual(6 * 10 + 2 * 2);
    expect(afterExit.every((o) => o.via === "b" && o.retried)).toBe(true);
    expect((await sendAlone(`${a.store.url}/api/health`)).error).toBe("ECONNREFUSED");
  });
});
