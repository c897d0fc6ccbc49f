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

type GridProduct = { id: number; priceCents: number; compareAtCents: number | null; variants: { id: number; sku: string; onHand: number; reserved: number }[] };

describe("bulk edit", () => {
  it("lists products with their variants by collection or by SKU", async () => {
    const men = (await admin.get("/api/admin/bulk-edit?category=men")).body;
    expect(men.products.length).toBeGreaterThan(5);
    expect(men.products[0].variants.length).toBeGreaterThan(0);
    const bySku = (await admin.get("/api/admin/bulk-edit?q=VS-2-BLACK-M")).body.products as GridProduct[];
    expect(bySku.map((p) => p.id)).toEqual([2]);
    expect((await admin.get("/api/admin/bulk-edit?sort=x")).status).toBe(400);
  });

  it("saves many prices and stock levels in one go, each one audited", async () => {
    const [a, b] = (await admin.get("/api/admin/bulk-edit?category=women")).body.products as GridProduct[];
    const res = await admin.post("/api/admin/bulk-edit", {
      products: [
        { id: a!.id, priceCents: 4200, compareAtCents: 5600 },
        { id: b!.id, priceCents: b!.priceCents }, // unchanged: not counted, not audited
      ],
      variants: a!.variants.map((v) => ({ id: v.id, onHand: 100 })),
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ saved: 1 + a!.variants.length });
    expect((await createApiClient(server.url).get(`/api/products/${a!.id}`)).body).toMatchObject({ price: 42, compareAtPrice: 56 });
    const log = (await admin.get(`/api/admin/audit?productId=${a!.id}`)).body.entries;
    expect(log.filter((e: { action: string }) => e.action === "bulk-stock")).toHaveLength(a!.variants.length);
    expect(log.find((e: { action: string }) => e.action === "bulk-price")).toMatchObject({ after: { priceCents: 4200, compareAtCents: 5600 } });
    expect((await admin.get(`/api/admin/audit?productId=${b!.id}`)).body.entries).toHaveLength(0);
  });

  it("saves nothing when any row is wrong, and names each wrong row", async () => {
    const [p] = (await admin.get("/api/admin/bulk-edit?category=kids")).body.products as GridProduct[];
    const res = await admin.post("/api/admin/bulk-edit", {
      products: [
        { id: p!.id, priceCents: 9999 },
        { id: p!.id + 100_000, priceCents: 100 },
        { id: 3, priceCents: 5000, compareAtCents: 4000 },
      ],
      variants: [{ id: p!.variants[0]!.id, onHand: 77 }],
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("2 rows have errors; nothing was saved");
    expect(res.body.errors).toEqual([
      { kind: "product", id: p!.id + 100_000, field: "id", message: `Product ${p!.id + 100_000} not found` },
      { kind: "product", id: 3, field: "compareAtCents", message: "The compare-at price must be above the price" },
    ]);
    const after = (await admin.get(`/api/admin/bulk-edit?q=${encodeURIComponent(p!.variants[0]!.sku)}`)).body.products[0] as GridProduct;
    expect(after.priceCents).toBe(p!.priceCents);
    expect(after.variants[0]!.onHand).toBe(p!.variants[0]!.onHand);
  });

  it("refuses malformed input, customers and visitors", async () => {
    expect((await admin.post("/api/admin/bulk-edit", {})).body.message).toBe("Invalid bulk edit: Nothing to save");
    expect((await admin.post("/api/admin/bulk-edit", { variants: [{ id: 1, onHand: -3 }] })).status).toBe(400);
    expect((await admin.post("/api/admin/bulk-edit", { products: [{ id: 1, price: 10 }] })).body.message).toBe("Invalid bulk edit: products.0: Unknown field: price");
    expect((await createApiClient(server.url).post("/api/admin/bulk-edit", { variants: [{ id: 1, onHand: 3 }] })).status).toBe(401);
  });
});
