import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contentEntries, orders, products, variants } from "../db/schema";
import { registerShopper } from "../test/accounts-helpers";
import { signedInAdmin } from "../test/admin-helpers";
import { createApiClient } from "../test/api-client";
import { details } from "../test/checkout-helpers";
import { startTestServer, type TestServer } from "../test/test-server";
import type { AdminSearchResults } from "./admin-search-schemas";

let server: TestServer;
let staff: Awaited<ReturnType<typeof signedInAdmin>>;
const tag = Date.now().toString(36);
const buyer = `searchbuyer${tag}@example.com`;
let orderNumber: string;
let product: { id: number; name: string; handle: string };
let sku: string;

beforeAll(async () => {
  server = await startTestServer();
  staff = await signedInAdmin(server);
  // A guest's checkout: an order placed with an email of its own.
  const shopper = createApiClient(server.url);
  const [first] = await server.database.db.select({ id: products.id, name: products.name, handle: products.handle }).from(products).where(eq(products.status, "active")).orderBy(products.id).limit(1);
  product = first!;
  const [variant] = await server.database.db.select().from(variants).where(eq(variants.productId, product.id)).limit(1);
  sku = variant!.sku;
  await server.database.db.update(variants).set({ barcode: `0${tag}99` }).where(eq(variants.id, variant!.id));
  const added = await shopper.post("/api/cart/items", { productId: product.id, quantity: 1, size: variant!.size, color: variant!.color });
  expect(added.status).toBe(201);
  const intent = await shopper.post("/api/create-payment-intent", { ...details, email: buyer, amount: 0.01 });
  expect(intent.status).toBeLessThan(300);
  const [order] = await server.database.db.select({ orderNumber: orders.orderNumber }).from(orders).where(eq(orders.email, buyer));
  orderNumber = order!.orderNumber;
});
afterAll(() => server?.close());

const search = async (q: string) => {
  const res = await staff.get(`/api/admin/search?q=${encodeURIComponent(q)}`);
  expect(res.status, res.text).toBe(200);
  return res.body as AdminSearchResults;
};

describe("GET /api/admin/search", () => {
  it("finds an order by its number (with or without VS-) and by the email it was placed with", async () => {
    for (const q of [orderNumber, orderNumber.slice(3), orderNumber.toLowerCase(), buyer, buyer.slice(0, 12).toUpperCase()]) {
      expect((await search(q)).orders.map((o) => o.orderNumber), q).toContain(orderNumber);
    }
    const [found] = (await search(buyer)).orders;
    expect(found).toMatchObject({ orderNumber, email: buyer, name: details.name });
  });

  it("finds a product by a prefix of its name's words, its handle, a SKU and a barcode", async () => {
    const words = product.name.split(" ");
    const partial = `${words[0]!.slice(0, 3)}${words[1] ? ` ${words[1].slice(0, 2)}` : ""}`;
    expect((await search(partial)).products.length).toBeGreaterThan(0);
    expect((await search(product.name)).products.map((p) => p.id)).toContain(product.id);
    expect((await search(product.handle)).products[0]).toMatchObject({ id: product.id, handle: product.handle });
    expect((await search(sku.toLowerCase())).products[0]).toMatchObject({ id: product.id, matched: `SKU ${sku}` });
    expect((await search(`0${tag}99`)).products[0]).toMatchObject({ id: product.id, matched: `Barcode 0${tag}99` });
  });

  it("finds a customer by email or by any word of their name", async () => {
    const account = await registerShopper(createApiClient(server.url), { name: `Quinn Searchable${tag}` });
    expect((await search(account.email)).customers).toEqual([{ email: account.email.toLowerCase(), name: account.name }]);
    expect((await search(`searchable${tag}`)).customers.map((c) => c.email)).toEqual([account.email.toLowerCase()]);
  });

  it("finds content by a part of its title", async () => {
    const [entry] = await server.database.db
      .insert(contentEntries)
      .values({ kind: "page", slug: `search-${tag}`, title: `Care guide ${tag}`, body: { type: "doc", content: [] } })
      .returning({ id: contentEntries.id });
    expect((await search(`guide ${tag}`)).content).toEqual([{ id: entry!.id, kind: "page", title: `Care guide ${tag}`, status: "draft" }]);
  });

  it("answers at most five of each kind, and nothing for what matches nothing", async () => {
    const wide = await search("s");
    for (const group of [wide.orders, wide.products, wide.customers, wide.content]) expect(group.length).toBeLessThanOrEqual(5);
    expect(await search(`zzz-${tag}-nothing`)).toEqual({ q: `zzz-${tag}-nothing`, orders: [], products: [], customers: [], content: [] });
  });

  it("takes LIKE's wildcards as themselves", async () => {
    const all = await search("%");
    expect([all.orders, all.products, all.customers, all.content].flat()).toEqual([]);
    expect((await search("_")).customers).toEqual([]);
  });

  it("refuses an empty, too long, repeated, control-character or unknown query with a 400 naming it", async () => {
    for (const [path, message] of [
      ["/api/admin/search", "q: must be text"],
      ["/api/admin/search?q=", "q: must not be empty"],
      ["/api/admin/search?q=%20%20", "q: must not be empty"],
      [`/api/admin/search?q=${"a".repeat(101)}`, "q: must be at most 100 characters"],
      ["/api/admin/search?q=a&q=b", "q: must be text"],
      ["/api/admin/search?q=a%01b", "q: must not contain control characters"],
      // A NUL is stopped before any route (server/http/unstorable-text.ts).
      ["/api/admin/search?q=a%00b", "Query parameter 'q' holds a NUL character"],
      ["/api/admin/search?q=a&limit=100", "Unknown field: limit"],
    ] as const) {
      const res = await staff.get(path);
      expect(res.status, path).toBe(400);
      expect(res.body.message, path).toContain(message);
    }
  });

  it("is for staff only: 401 signed out, 403 for a shopper", async () => {
    expect((await createApiClient(server.url).get("/api/admin/search?q=a")).status).toBe(401);
    const shopper = createApiClient(server.url);
    await registerShopper(shopper);
    expect((await shopper.get("/api/admin/search?q=a")).status).toBe(403);
  });

  it("has an index for each lookup (drizzle/0032)", async () => {
    const db = server.database.db;
    const lookups: [string, ReturnType<typeof sql>][] = [
      ["orders_number_prefix_idx", sql`select 1 from orders where order_number like 'VS-1001%'`],
      ["orders_email_prefix_idx", sql`select 1 from orders where lower(email) like 'sam%'`],
      ["products_name_words_idx", sql`select 1 from products where to_tsvector('simple', name) @@ to_tsquery('simple', 'tee:*')`],
      ["products_handle_prefix_idx", sql`select 1 from products where handle like 'tee%'`],
      ["variants_sku_prefix_idx", sql`select 1 from variants where upper(sku) like 'VS-1%'`],
      ["variants_barcode_idx", sql`select 1 from variants where barcode = '0123' and barcode is not null`],
      ["users_email_prefix_idx", sql`select 1 from users where lower(email) like 'sam%'`],
      ["users_name_prefix_idx", sql`select 1 from users where lower(name) like 'sam%'`],
    ];
    // With sequential scans priced out, a lookup without a usable index would still plan one.
    await db.execute(sql`set enable_seqscan = off`);
    try {
      for (const [index, query] of lookups) expect(JSON.stringify(await db.execute(sql`explain ${query}`)), index).toContain(index);
    } finally {
      await db.execute(sql`set enable_seqscan = on`);
    }
  });
});
