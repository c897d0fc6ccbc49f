import { parse } from "csv-parse/sync";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { taxCategories } from "../db/schema";
import { createApiClient } from "../test/api-client";
import { registerShopper } from "../test/accounts-helpers";
import { signedInAdmin } from "../test/admin-helpers";
import { checkoutWith, orderFor } from "../test/checkout-helpers";
import { startTestServer, type TestServer } from "../test/test-server";

let server: TestServer;
let admin: Awaited<ReturnType<typeof signedInAdmin>>;
beforeAll(async () => {
  server = await startTestServer();
  admin = await signedInAdmin(server);
});
afterAll(() => server?.close());

const fieldsFor = (name: string) => ({
  name,
  description: "Heavyweight loopback cotton, garment-dyed.",
  category: "men",
  subcategory: "hoodies",
  tags: ["winter", "organic"],
  garment: "hoodie",
  priceCents: 8900,
  colors: ["Forest", "Sand"],
  sizes: ["S", "M", "L"],
});

const visitor = () => createApiClient(server.url);
const feedRows = async () => parse((await admin.get("/api/instagram-shop/feed")).text, { columns: true }) as { item_group_id: string; size: string }[];
const listed = async (path: string, id: number) => ((await visitor().get(path)).body as { id: number }[]).some((p) => p.id === id);
const searchFinds = async (text: string, id: number) => (await server.services.catalog.searchProducts({ text, query: {} })).products.some((p) => p.id === id);
const redirectOf = async (path: string) => {
  const res = await fetch(`${server.url}${path}`, { redirect: "manual" });
  return { status: res.status, location: res.headers.get("location") };
};

describe("staff products", () => {
  it("create a draft with every colour × size as a variant; shoppers see nothing of it until it is active", async () => {
    const feedBefore = (await feedRows()).length;
    const res = await admin.post("/api/admin/products", fieldsFor("Trail Loop Hoodie"));
    expect(res.status).toBe(201);
    const { product, variants } = res.body;
    expect(product).toMatchObject({ name: "Trail Loop Hoodie", handle: "trail-loop-hoodie", status: "draft", priceCents: 8900, compareAtCents: null, tags: ["winter", "organic"], category: "men", subcategory: "hoodies" });
    expect(variants.map((v: { color: string; size: string; onHand: number }) => `${v.color}/${v.size}/${v.onHand}`)).toEqual(["Forest/S/0", "Forest/M/0", "Forest/L/0", "Sand/S/0", "Sand/M/0", "Sand/L/0"]);
    expect(variants[0].sku).toBe(`VS-${product.id}-FOREST-S`);

    expect((await visitor().get(`/api/products/${product.id}`)).status).toBe(404);
    expect(await listed("/api/products/category/men?limit=100", product.id)).toBe(false);
    expect(await searchFinds("trail loop", product.id)).toBe(false);
    expect(await (await fetch(`${server.url}/sitemaps/products-1.xml`)).text()).not.toContain(`/product/${product.id}<`);
    expect((await feedRows()).length).toBe(feedBefore);
    expect((await visitor().post("/api/cart/items", { productId: product.id, quantity: 1, color: "Forest", size: "M" })).status).toBe(404);

    const published = await admin.patch(`/api/admin/products/${product.id}`, { status: "active" });
    expect(published.body.product.status).toBe("active");
    for (const v of published.body.variants) await admin.patch(`/api/admin/variants/${v.id}`, { onHand: 4 });
    expect((await visitor().get(`/api/products/${product.id}`)).body).toMatchObject({ name: "Trail Loop Hoodie", price: 89, stock: 24 });
    expect(await listed("/api/products/category/men?limit=100", product.id)).toBe(true);
    expect(await listed("/api/products/subcategory/hoodies?limit=100", product.id)).toBe(true);
    expect(await searchFinds("trail loop", product.id)).toBe(true);
    expect(await (await fetch(`${server.url}/sitemaps/products-1.xml`)).text()).toContain(`/product/${product.id}<`);
    const rows = await feedRows();
    expect(rows.length).toBe(feedBefore + 6);
    expect(rows.filter((r) => r.item_group_id === `VS-${product.id}`)).toHaveLength(6);

    const log = (await admin.get(`/api/admin/audit?productId=${product.id}`)).body.entries;
    expect(log.map((e: { action: string }) => e.action)).toEqual(expect.arrayContaining(["create", "status:active", "stock"]));
    expect(log.find((e: { action: string }) => e.action === "status:active")).toMatchObject({ before: { status: "draft" }, after: { status: "active" } });
  });

  it("rename the handle: old and new /products/{handle} links answer 301 to the product; a taken handle is refused", async () => {
    const { product } = (await admin.post("/api/admin/products", { ...fieldsFor("Harbor Rain Shell"), status: "active" })).body;
    expect(await redirectOf("/products/harbor-rain-shell?ref=ig")).toEqual({ status: 301, location: `/product/${product.id}?ref=ig` });
    await admin.patch(`/api/admin/products/${product.id}`, { handle: "harbor-shell" });
    expect(await redirectOf("/products/harbor-shell")).toEqual({ status: 301, location: `/product/${product.id}` });
    expect(await redirectOf("/products/harbor-rain-shell")).toEqual({ status: 301, location: `/product/${product.id}` });
    expect((await fetch(`${server.url}/products/no-such-handle`)).status).toBe(404);
    const taken = await admin.patch(`/api/admin/products/${product.id}`, { handle: "vsop-premium-hoodie" });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe("The handle 'vsop-premium-hoodie' is already used by product 2");
    expect((await admin.post("/api/admin/products", { ...fieldsFor("Another"), handle: "harbor-shell" })).status).toBe(409);
  });

  it("change options: a removed size takes its variants away, a new colour adds its own; archived products leave the store and carts", async () => {
    const { product } = (await admin.post("/api/admin/products", { ...fieldsFor("Canyon Fleece"), status: "active" })).body;
    const changed = await admin.patch(`/api/admin/products/${product.id}`, { sizes: ["M", "L"], colors: ["Forest", "Sand", "Rust"] });
    expect(changed.status).toBe(200);
    expect(changed.body.variants).toHaveLength(6);
    expect(changed.body.variants.some((v: { size: string }) => v.size === "S")).toBe(false);
    const rust = changed.body.variants.find((v: { color: string; size: string }) => v.color === "Rust" && v.size === "M");
    await admin.patch(`/api/admin/variants/${rust.id}`, { onHand: 3 });

    const shopper = visitor();
    expect((await shopper.post("/api/cart/items", { productId: product.id, quantity: 1, color: "Rust", size: "M" })).status).toBe(201);
    await admin.patch(`/api/admin/products/${product.id}`, { status: "archived" });
    const cart = (await shopper.get("/api/cart")).body;
    expect(cart.items[0]).toMatchObject({ productId: product.id, available: 0 });
    expect((await shopper.post("/api/create-payment-intent", { email: "a@example.com", name: "A B", address: { line1: "1 Main St", city: "Portland", region: "OR", postalCode: "97205", country: "US" } })).status).toBe(409);
    expect((await visitor().post("/api/cart/items", { productId: product.id, quantity: 1, color: "Rust", size: "M" })).status).toBe(404);
    expect((await visitor().get(`/api/products/${product.id}`)).status).toBe(404);
    expect((await admin.get(`/api/admin/products?status=archived`)).body.products.map((p: { id: number }) => p.id)).toContain(product.id);
  });

  it("duplicate as a draft copy, and delete a variant nobody ordered", async () => {
    const copy = await admin.post("/api/admin/products/2/duplicate", {});
    expect(copy.status).toBe(201);
    expect(copy.body.product).toMatchObject({ name: "VSOP Premium Hoodie (copy)", handle: "vsop-premium-hoodie-copy", status: "draft", price: 149.99 });
    expect(copy.body.variants.every((v: { onHand: number }) => v.onHand === 0)).toBe(true);
    const removed = await admin.delete(`/api/admin/variants/${copy.body.variants[0].id}`);
    expect(removed.status).toBe(200);
    expect(removed.body.variants).toHaveLength(copy.body.variants.length - 1);
    expect((await admin.delete(`/api/admin/variants/${copy.body.variants[0].id}`)).status).toBe(404);
  });

  it("edit a variant's SKU and barcode; a SKU another variant has is refused", async () => {
    const { variants } = (await admin.get("/api/admin/products/6")).body;
    const [a, b] = variants;
    const res = await admin.patch(`/api/admin/variants/${a.id}`, { sku: "TEE-6-A", barcode: "0012345678905" });
    expect(res.body).toMatchObject({ sku: "TEE-6-A", barcode: "0012345678905", onHand: a.onHand });
    const taken = await admin.patch(`/api/admin/variants/${b.id}`, { sku: "TEE-6-A" });
    expect(taken).toMatchObject({ status: 409, body: { message: "SKU TEE-6-A is already used by another variant" } });
    expect((await admin.patch(`/api/admin/variants/${b.id}`, { barcode: "12" })).body.message).toBe("Invalid variant: barcode: must be 4-48 digits or letters (GTIN, EAN, UPC, ISBN)");
    expect((await admin.patch(`/api/admin/variants/${b.id}`, {})).body.message).toBe("Invalid variant: Nothing to change");
    const log = (await admin.get("/api/admin/audit?productId=6")).body.entries;
    expect(log[0]).toMatchObject({ action: "update", before: { sku: a.sku, barcode: null }, after: { sku: "TEE-6-A", barcode: "0012345678905" } });
    await admin.patch(`/api/admin/variants/${a.id}`, { sku: a.sku, barcode: null });
  });

  it("weigh a variant in grams: shown to staff, audited, cleared with null; a negative, fractional or huge weight is refused", async () => {
    const { variants } = (await admin.get("/api/admin/products/5")).body;
    const [a] = variants;
    expect(a.weightGrams).toBeNull();
    const res = await admin.patch(`/api/admin/variants/${a.id}`, { weightGrams: 310 });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ sku: a.sku, weightGrams: 310, onHand: a.onHand });
    expect((await admin.get("/api/admin/products/5")).body.variants[0].weightGrams).toBe(310);
    expect((await admin.get("/api/admin/audit?productId=5")).body.entries[0]).toMatchObject({ entity: "variant", action: "update", before: { sku: a.sku, weightGrams: null }, after: { sku: a.sku, weightGrams: 310 } });

    const refused: [unknown, string][] = [
      [-1, "Invalid variant: weightGrams: must be from 0 to 1,000,000 grams"],
      [12.5, "Invalid variant: weightGrams: must be a whole number of grams"],
      [1_000_001, "Invalid variant: weightGrams: must be from 0 to 1,000,000 grams"],
      ["300", "Invalid variant: weightGrams: Invalid input: expected number, received string"],
    ];
    for (const [weightGrams, message] of refused) {
      const bad = await admin.patch(`/api/admin/variants/${a.id}`, { weightGrams });
      expect(bad.status, String(weightGrams)).toBe(400);
      expect(bad.body.message).toBe(message);
    }
    expect((await admin.get("/api/admin/products/5")).body.variants[0].weightGrams).toBe(310);
    expect((await admin.patch(`/api/admin/variants/${a.id}`, { weightGrams: 0 })).body.weightGrams).toBe(0);
    const copy = (await admin.post("/api/admin/products/5/duplicate", {})).body;
    expect(copy.variants[0]).toMatchObject({ color: a.color, size: a.size, weightGrams: 0 });
    expect((await admin.patch(`/api/admin/variants/${a.id}`, { weightGrams: null })).body.weightGrams).toBeNull();
    expect((await admin.get("/api/admin/audit?productId=5")).body.entries[0]).toMatchObject({ before: { weightGrams: 0 }, after: { weightGrams: null } });
  });

  it("a product's tax category: the default (null) until set, set and cleared by staff and audited; an unknown one is refused", async () => {
    const [exempt] = await server.database.db.insert(taxCategories).values({ name: "Exempt" }).returning();
    try {
      const list = await admin.get("/api/admin/tax-categories");
      expect(list.status).toBe(200);
      expect(list.body.taxCategories).toEqual([
        { id: expect.any(Number), name: "Clothing", isDefault: true },
        { id: exempt!.id, name: "Exempt", isDefault: false },
      ]);
      expect((await server.services.admin.productFormOptions()).taxCategories.map((t) => t.name)).toEqual(["Clothing", "Exempt"]);
      expect((await admin.get("/api/admin/products/8")).body.product.taxCategoryId).toBeNull();

      const set = await admin.patch("/api/admin/products/8", { taxCategoryId: exempt!.id });
      expect(set.status).toBe(200);
      expect(set.body.product.taxCategoryId).toBe(exempt!.id);
      expect((await admin.get("/api/admin/audit?productId=8")).body.entries[0]).toMatchObject({ entity: "product", action: "update", before: { taxCategoryId: null }, after: { taxCategoryId: exempt!.id } });
      const copy = (await admin.post("/api/admin/products/8/duplicate", {})).body.product;
      expect(copy.taxCategoryId).toBe(exempt!.id);

      const unknown = await admin.patch("/api/admin/products/8", { taxCategoryId: 999_999, name: "Renamed" });
      expect(unknown).toMatchObject({ status: 400, body: { message: "Unknown tax category" } });
      expect((await admin.patch("/api/admin/products/8", { taxCategoryId: 0 })).body.message).toBe("Invalid product: taxCategoryId: must be a tax category id");
      expect((await admin.patch("/api/admin/products/8", { taxCategoryId: "Exempt" })).status).toBe(400);
      const after = (await admin.get("/api/admin/products/8")).body.product;
      expect(after).toMatchObject({ taxCategoryId: exempt!.id });
      expect(after.name).not.toBe("Renamed");

      const cleared = await admin.patch("/api/admin/products/8", { taxCategoryId: null });
      expect(cleared.body.product.taxCategoryId).toBeNull();
      expect((await admin.get("/api/admin/audit?productId=8")).body.entries[0]).toMatchObject({ before: { taxCategoryId: exempt!.id }, after: { taxCategoryId: null } });

      const created = await admin.post("/api/admin/products", { ...fieldsFor("Exempt Tote"), taxCategoryId: exempt!.id });
      expect(created.status).toBe(201);
      expect(created.body.product.taxCategoryId).toBe(exempt!.id);
      expect((await admin.get(`/api/admin/audit?productId=${created.body.product.id}`)).body.entries[0]).toMatchObject({ action: "create", after: { taxCategoryId: exempt!.id } });
      const count = (await admin.get("/api/admin/products")).body.total;
      expect((await admin.post("/api/admin/products", { ...fieldsFor("Nowhere Tote"), taxCategoryId: 999_999 })).body.message).toBe("Unknown tax category");
      expect((await admin.get("/api/admin/products")).body.total).toBe(count);
    } finally {
      await server.database.db.delete(taxCategories).where(eq(taxCategories.id, exempt!.id));
    }
  });

  it("a new price never changes an order already placed or a checkout already open", async () => {
    const shopper = visitor();
    const opened = await checkoutWith(shopper, { productId: 3, quantity: 1, size: "M" });
    expect(opened.status).toBe(200);
    const before = await orderFor(server.database.db, opened.body.paymentIntentId);
    await admin.patch("/api/admin/products/3", { priceCents: 99_00 });
    const after = await orderFor(server.database.db, opened.body.paymentIntentId);
    expect(after.totalCents).toBe(before.totalCents);
    expect((await shopper.get("/api/cart")).body.items[0].unitPrice).toBe(99);
  });

  it("price one variant: the page, cart, checkout and feed charge it; the product shows its cheapest; the editor's price sets them all", async () => {
    const { variants } = (await admin.get("/api/admin/products/7")).body;
    const [a, b] = variants;
    expect((await admin.patch(`/api/admin/variants/${b.id}`, { priceCents: 500, compareAtCents: 400 })).body.message).toBe("The compare-at price must be above the price (it is the price before a sale)");
    const res = await admin.patch(`/api/admin/variants/${b.id}`, { priceCents: 15_00, compareAtCents: 20_00 });
    expect(res.body).toMatchObject({ priceCents: 15_00, compareAtCents: 20_00 });
    const page = (await visitor().get("/api/products/7")).body;
    expect(page).toMatchObject({ price: 15, compareAtPrice: 20 });
    expect(page.variants.find((v: { sku: string }) => v.sku === b.sku)).toMatchObject({ price: 15, compareAtPrice: 20 });
    expect(page.variants.find((v: { sku: string }) => v.sku === a.sku).price).toBe(a.priceCents / 100);
    const shopper = visitor();
    await shopper.post("/api/cart/items", { productId: 7, quantity: 2, color: b.color, size: b.size });
    expect((await shopper.get("/api/cart")).body.items[0]).toMatchObject({ unitPrice: 15, lineTotal: 30 });
    const feed = parse((await admin.get("/api/instagram-shop/feed")).text, { columns: true }) as { id: string; price: string; sale_price: string }[];
    expect(feed.find((r) => r.id === b.sku)).toMatchObject({ price: "20.00 USD", sale_price: "15.00 USD" });
    expect((await admin.get("/api/admin/audit?productId=7")).body.entries[0]).toMatchObject({ action: "price", before: { sku: b.sku, priceCents: a.priceCents, compareAtCents: null }, after: { priceCents: 15_00, compareAtCents: 20_00 } });
    // The editor's price and compare-at fields set every variant at once.
    expect((await admin.patch("/api/admin/products/7", { priceCents: 25_00 })).body.message).toBe("The compare-at price must be above the price (it is the price before a sale)");
    await admin.patch("/api/admin/products/7", { priceCents: 25_00, compareAtCents: null });
    const after = (await admin.get("/api/admin/products/7")).body;
    expect(new Set(after.variants.map((v: { priceCents: number }) => v.priceCents))).toEqual(new Set([25_00]));
    expect(after.product).toMatchObject({ priceCents: 25_00, compareAtCents: null });
  });

  it("refuses bad input with a clear 400 and changes nothing; customers 403, visitors 401", async () => {
    const cases: [unknown, string][] = [
      [{ ...fieldsFor("X"), priceCents: 12.5 }, "Invalid product: priceCents: must be a whole number of cents"],
      [{ ...fieldsFor("X"), category: "pets" }, "Unknown collection 'pets'"],
      [{ ...fieldsFor("X"), subcategory: "dresses" }, "Unknown subcategory 'dresses' in men"],
      [{ ...fieldsFor("X"), compareAtCents: 8000 }, "The compare-at price must be above the price (it is the price before a sale)"],
      [{ ...fieldsFor("X"), sizes: ["M", "m"] }, "Invalid product: sizes: each size only once"],
      [{ ...fieldsFor("X"), handle: "Not A Handle" }, "Invalid product: handle: must be lowercase letters, digits and single dashes"],
      [{ ...fieldsFor("X"), colour: "Red" }, "Invalid product: Unknown field: colour"],
    ];
    const count = (await admin.get("/api/admin/products")).body.total;
    for (const [body, message] of cases) {
      const res = await admin.post("/api/admin/products", body);
      expect(res.status, message).toBe(400);
      expect(res.body.message).toBe(message);
    }
    expect((await admin.patch("/api/admin/products/3", {})).body.message).toBe("Invalid product: Nothing to change");
    expect((await admin.patch("/api/admin/products/999999", { name: "Y" })).status).toBe(404);
    expect((await admin.get("/api/admin/products")).body.total).toBe(count);
    expect((await visitor().post("/api/admin/products", fieldsFor("X"))).status).toBe(401);
    const customer = visitor();
    await registerShopper(customer);
    expect((await customer.post("/api/admin/products", fieldsFor("X"))).status).toBe(403);
    expect((await customer.patch("/api/admin/products/3", { name: "Y" })).status).toBe(403);
    expect((await customer.get("/api/admin/tax-categories")).status).toBe(403);
    expect((await visitor().get("/api/admin/tax-categories")).status).toBe(401);
  });
});
