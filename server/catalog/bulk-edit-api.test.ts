import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApiClient } from "../test/api-client";
import { signedInAdmin } from "../test/admin-helpers";
import { startTestServer, type TestServer } from "../test/test-server";

let server: TestServer;
let admin: Awaited<ReturnType<typeof signedInAdmin>>;
beforeAll(async () => {
  server = await startTestServer();
  admin = await signedInAdmin(server);
});
afterAll(() => server?.close());

type GridVariant = { id: number; sku: string; color: string; size: string; priceCents: number; compareAtCents: number | null; onHand: number; reserved: number; weightGrams: number | null };
type GridProduct = { id: number; variants: GridVariant[] };

describe("bulk edit", () => {
  it("lists products with each variant's price, compare-at and stock, by collection or by SKU", async () => {
    const men = (await admin.get("/api/admin/bulk-edit?category=men")).body;
    expect(men.products.length).toBeGreaterThan(5);
    expect(men.products[0].variants[0]).toMatchObject({ priceCents: expect.any(Number), compareAtCents: expect.toBeOneOf([null, expect.any(Number)]), onHand: expect.any(Number) });
    const bySku = (await admin.get("/api/admin/bulk-edit?q=VS-2-BLACK-M")).body.products as GridProduct[];
    expect(bySku.map((p) => p.id)).toEqual([2]);
    expect((await admin.get("/api/admin/bulk-edit?sort=x")).status).toBe(400);
  });

  it("saves many variants' prices and stock in one go, each one audited; the product's price is its cheapest variant's", async () => {
    const [a, b] = (await admin.get("/api/admin/bulk-edit?category=women")).body.products as GridProduct[];
    const [first, ...rest] = a!.variants;
    const res = await admin.post("/api/admin/bulk-edit", {
      variants: [
        { id: first!.id, priceCents: 4200, compareAtCents: 5600 },
        ...rest.map((v) => ({ id: v.id, priceCents: 4800, onHand: 100 })),
        { id: b!.variants[0]!.id, priceCents: b!.variants[0]!.priceCents }, // unchanged: not counted, not audited
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ saved: a!.variants.length });
    const product = (await createApiClient(server.url).get(`/api/products/${a!.id}`)).body;
    expect(product).toMatchObject({ price: 42, compareAtPrice: 56 });
    expect(product.variants.map((v: { price: number }) => v.price)).toEqual([42, ...rest.map(() => 48)]);
    const log = (await admin.get(`/api/admin/audit?productId=${a!.id}`)).body.entries;
    expect(log.find((e: { action: string }) => e.action === "bulk-price")).toMatchObject({ after: { sku: first!.sku, priceCents: 4200, compareAtCents: 5600 } });
    expect(log.filter((e: { action: string }) => e.action === "bulk-edit")).toHaveLength(rest.length);
    expect((await admin.get(`/api/admin/audit?productId=${b!.id}`)).body.entries).toHaveLength(0);
  });

  it("weighs variants in grams: shown in the grid, audited as bulk-weight, cleared with null, never negative or fractional", async () => {
    const [, p] = (await admin.get("/api/admin/bulk-edit?category=men")).body.products as GridProduct[];
    const [v0, v1] = p!.variants;
    expect(v0!.weightGrams).toBeNull();
    const res = await admin.post("/api/admin/bulk-edit", { variants: [{ id: v0!.id, weightGrams: 120 }, { id: v1!.id, weightGrams: 0, onHand: v1!.onHand + 1 }] });
    expect(res.body).toEqual({ saved: 2 });
    const grid = (await admin.get(`/api/admin/bulk-edit?q=${encodeURIComponent(v0!.sku)}`)).body.products[0] as GridProduct;
    expect(grid.variants.find((v) => v.id === v0!.id)!.weightGrams).toBe(120);
    const log = (await admin.get(`/api/admin/audit?productId=${p!.id}`)).body.entries;
    expect(log.find((e: { entityId: string }) => e.entityId === String(v0!.id))).toMatchObject({ action: "bulk-weight", before: { sku: v0!.sku, weightGrams: null }, after: { weightGrams: 120 } });
    expect(log.find((e: { entityId: string }) => e.entityId === String(v1!.id))).toMatchObject({ action: "bulk-edit", after: { weightGrams: 0, onHand: v1!.onHand + 1 } });
    expect((await admin.post("/api/admin/bulk-edit", { variants: [{ id: v0!.id, weightGrams: -5 }] })).body.message).toBe("Invalid bulk edit: variants.0.weightGrams: must be from 0 to 1,000,000 grams");
    expect((await admin.post("/api/admin/bulk-edit", { variants: [{ id: v0!.id, weightGrams: 1.5 }] })).body.message).toBe("Invalid bulk edit: variants.0.weightGrams: must be a whole number of grams");
    await admin.post("/api/admin/bulk-edit", { variants: [{ id: v0!.id, weightGrams: null }] });
    expect(((await admin.get(`/api/admin/bulk-edit?q=${encodeURIComponent(v0!.sku)}`)).body.products[0] as GridProduct).variants.find((v) => v.id === v0!.id)!.weightGrams).toBeNull();
  });

  it("saves nothing when any row is wrong, and names each wrong row", async () => {
    const [p] = (await admin.get("/api/admin/bulk-edit?category=kids")).body.products as GridProduct[];
    const [v0, v1] = p!.variants;
    const res = await admin.post("/api/admin/bulk-edit", {
      variants: [
        { id: v0!.id, priceCents: 9999, onHand: 77 },
        { id: 999_999, priceCents: 100 },
        { id: v1!.id, priceCents: 5000, compareAtCents: 4000 },
      ],
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("2 rows have errors; nothing was saved");
    expect(res.body.errors).toEqual([
      { id: 999_999, field: "id", message: "Variant 999999 not found" },
      { id: v1!.id, field: "compareAtCents", message: `${v1!.sku}: the compare-at price must be above the price` },
    ]);
    const after = (await admin.get(`/api/admin/bulk-edit?q=${encodeURIComponent(v0!.sku)}`)).body.products[0] as GridProduct;
    expect(after.variants[0]).toMatchObject({ priceCents: v0!.priceCents, onHand: v0!.onHand });
  });

  it("refuses malformed input, customers and visitors", async () => {
    expect((await admin.post("/api/admin/bulk-edit", {})).body.message).toBe("Invalid bulk edit: variants: Invalid input: expected array, received undefined");
    expect((await admin.post("/api/admin/bulk-edit", { variants: [] })).body.message).toBe("Invalid bulk edit: variants: Nothing to save");
    expect((await admin.post("/api/admin/bulk-edit", { variants: [{ id: 1 }] })).body.message).toBe("Invalid bulk edit: variants.0: Nothing to change in this row");
    expect((await admin.post("/api/admin/bulk-edit", { variants: [{ id: 1, onHand: -3 }] })).status).toBe(400);
    expect((await admin.post("/api/admin/bulk-edit", { variants: [{ id: 1, price: 10 }] })).body.message).toBe("Invalid bulk edit: variants.0: Unknown field: price; variants.0: Nothing to change in this row");
    expect((await admin.post("/api/admin/bulk-edit", { products: [] })).status).toBe(400);
    expect((await createApiClient(server.url).post("/api/admin/bulk-edit", { variants: [{ id: 1, onHand: 3 }] })).status).toBe(401);
  });
});
