import { parse } from "csv-parse/sync";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { variants } from "../db/schema";
import { createApiClient } from "../test/api-client";
import { registerShopper } from "../test/accounts-helpers";
import { signedInAdmin } from "../test/admin-helpers";
import { startTestServer, type TestServer } from "../test/test-server";
import { FEED_COLUMNS } from "./catalog-feed";

const TOKEN = "feed-token-for-tests-0123456789abcdef";
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ feedToken: TOKEN });
});
afterAll(() => server?.close());

type Row = Record<(typeof FEED_COLUMNS)[number], string>;

describe("GET /api/instagram-shop/feed", () => {
  it("gives staff a Meta catalog CSV: one row per variant, grouped by product, with valid values", async () => {
    const admin = await signedInAdmin(server);
    const res = await admin.get("/api/instagram-shop/feed");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="vsop-apparel-instagram-catalog-\d{4}-\d{2}-\d{2}\.csv"$/);
    const header = parse(res.text, { to_line: 1 })[0];
    expect(header).toEqual([...FEED_COLUMNS]);
    const rows: Row[] = parse(res.text, { columns: true });
    // Every variant but the gift card's (kept out of the feed, issue 51).
    const giftCardVariants = await server.database.db.$count(variants, sql`${variants.productId} in (select id from products where gift_card)`);
    expect(giftCardVariants).toBeGreaterThan(0);
    expect(rows).toHaveLength((await server.database.db.$count(variants)) - giftCardVariants);
    expect(new Set(rows.map((r) => r.id)).size).toBe(rows.length);
    for (const row of rows) {
      expect(row.id.length).toBeLessThanOrEqual(100);
      expect(row.item_group_id).toMatch(/^VS-\d+$/);
      expect(row.size).not.toBe("");
      expect(row.color).not.toBe("");
      expect(["in stock", "out of stock", "preorder"]).toContain(row.availability);
      expect(row.condition).toBe("new");
      expect(row.price).toMatch(/^\d+\.\d{2} USD$/);
      if (row.sale_price) expect(Number.parseFloat(row.sale_price)).toBeLessThan(Number.parseFloat(row.price));
      for (const url of [row.link, row.image_link, row.additional_image_link]) expect(url).toMatch(/^http:\/\/store\.test\//);
      expect(["male", "female", "unisex"]).toContain(row.gender);
      expect(["adult", "kids", "infant"]).toContain(row.age_group);
      expect(row.google_product_category).toMatch(/^Apparel & Accessories > /);
      expect(Number(row.quantity_to_sell_on_facebook)).toBeGreaterThanOrEqual(0);
    }
    const hoodie = rows.filter((r) => r.item_group_id === "VS-2");
    expect(hoodie.map((r) => r.size)).toEqual(["XS", "S", "M", "L", "XL", "2XL", "3XL"]);
    expect(hoodie.every((r) => r.availability === "preorder" || r.availability === "out of stock")).toBe(true);
    expect(hoodie[0]).toMatchObject({ price: "149.99 USD", sale_price: "", brand: "VSOP Apparel", link: "http://store.test/product/2" });
    expect(rows.some((r) => r.sale_price !== "")).toBe(true);
  });

  it("lets Meta's scheduled fetch in with the feed token", async () => {
    const res = await createApiClient(server.url).get(`/api/instagram-shop/feed?token=${TOKEN}`);
    expect(res.status).toBe(200);
    expect(res.text.startsWith("id,item_group_id,title")).toBe(true);
  });

  it("refuses everyone else", async () => {
    expect((await createApiClient(server.url).get("/api/instagram-shop/feed")).status).toBe(401);
    expect((await createApiClient(server.url).get("/api/instagram-shop/feed?token=wrong")).status).toBe(401);
    const customer = createApiClient(server.url);
    await registerShopper(customer);
    expect((await customer.get("/api/instagram-shop/feed")).status).toBe(403);
  });
});

describe("feed summary", () => {
  it("counts products, Instagram-ready products and the tech-casual collection", async () => {
    const admin = await signedInAdmin(server);
    const res = await admin.get("/api/admin/feed-summary");
    expect(res.body).toMatchObject({ instagramReady: res.body.total, techCasual: 3 });
    expect(res.body.total).toBeGreaterThanOrEqual(60);
    expect(res.body.products[0]).toMatchObject({ id: 1, preorder: true, category: "tech-casual" });
  });
});
