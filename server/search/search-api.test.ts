import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, searchMisses } from "../db/schema";
import { signedInAdmin, signedInStaff } from "../test/admin-helpers";
import { createApiClient } from "../test/api-client";
import { startTestServer, type TestServer } from "../test/test-server";

let server: TestServer;
let staff: Awaited<ReturnType<typeof signedInAdmin>>;
let shopper: ReturnType<typeof createApiClient>;

beforeAll(async () => {
  server = await startTestServer({ cacheTtlMs: 5000 });
  staff = await signedInAdmin(server);
  shopper = createApiClient(server.url);
});
afterAll(() => server?.close());

describe("GET /api/search/suggest", () => {
  it("suggests up to 6 products with photo and price, collections and pages, forgiving a typo", async () => {
    const res = await shopper.get("/api/search/suggest?q=hodi");
    expect(res.status).toBe(200);
    expect(res.body.corrected).toBe("hoodie");
    expect(res.body.products.length).toBe(6);
    for (const p of res.body.products) {
      expect(p.name).toMatch(/hoodie/i);
      expect(typeof p.price).toBe("number");
      expect(p.image).toBeTruthy();
    }
    expect(res.body.collections).toContainEqual({ name: "Men's · Hoodies", href: "/category/men/hoodies" });
    const pages = await shopper.get("/api/search/suggest?q=ship");
    expect(pages.body.pages).toContainEqual({ title: expect.stringMatching(/shipping/i), href: "/shipping" });
  });

  it("is served from the shared cache the second time", async () => {
    await shopper.get("/api/search/suggest?q=jean");
    const again = await shopper.get("/api/search/suggest?q=jean");
    expect(again.headers.get("x-cache")).toBe("hit");
  });

  it("refuses a missing, empty, too long or unknown parameter with a 400", async () => {
    for (const path of ["", "?q=", "?q=%20%20", `?q=${"a".repeat(101)}`, "?q=tee&x=1", "?q=a&q=b"]) {
      const res = await shopper.get(`/api/search/suggest${path}`);
      expect(res.status, path).toBe(400);
      expect(res.body.message).toMatch(/Invalid search/);
    }
  });

  it("answers odd text with suggestions or nothing, never an error", async () => {
    for (const q of ["!!!", "'; drop table products; --", "👕", "هودي", "שמלה", "%", "_", "a:*&|"]) {
      const res = await shopper.get(`/api/search/suggest?q=${encodeURIComponent(q)}`);
      expect(res.status, q).toBe(200);
    }
  });
});

describe("staff synonyms", () => {
  it("adds, changes and removes a group, audited, applying to the next search", async () => {
    const before = await shopper.get("/api/search/suggest?q=kimono");
    expect(before.body.products).toEqual([]);
    const created = await staff.post("/api/admin/synonyms", { terms: ["Kimono", "robe", "midi dress"] });
    expect(created.status).toBe(201);
    expect(created.body.terms).toEqual(["kimono", "robe", "midi dress"]);
    const page = await server.services.catalog.searchProducts({ text: "kimono" });
    expect(page.products.map((p) => p.name)).toContain("Linen Wrap Midi Dress");
    const changed = await staff.put(`/api/admin/synonyms/${created.body.id}`, { terms: ["kimono", "robe"] });
    expect(changed.status).toBe(200);
    expect((await server.services.catalog.searchProducts({ text: "kimono" })).total).toBe(0);
    expect((await staff.get("/api/admin/synonyms")).body.groups).toContainEqual({ id: created.body.id, terms: ["kimono", "robe"] });
    expect((await staff.delete(`/api/admin/synonyms/${created.body.id}`)).status).toBe(204);
    expect((await staff.delete(`/api/admin/synonyms/${created.body.id}`)).status).toBe(404);
    const audit = await server.database.db.select({ action: auditLog.action }).from(auditLog).where(and(eq(auditLog.entity, "synonym"), eq(auditLog.entityId, String(created.body.id))));
    expect(audit.map((a) => a.action).sort()).toEqual(["create", "delete", "update"]);
  });

  it("refuses bad groups with a 400 and writes nothing", async () => {
    const count = (await staff.get("/api/admin/synonyms")).body.groups.length;
    for (const body of [{}, { terms: ["one"] }, { terms: ["tee", "TEE"] }, { terms: ["a", "<b>"] }, { terms: ["a", "b"], extra: 1 }, { terms: ["a", "x".repeat(41)] }, { terms: "tee,tshirt" }]) {
      const res = await staff.post("/api/admin/synonyms", body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect((await staff.put("/api/admin/synonyms/abc", { terms: ["a", "b"] })).status).toBe(400);
    expect((await staff.put("/api/admin/synonyms/999999", { terms: ["a", "b"] })).status).toBe(404);
    expect((await staff.get("/api/admin/synonyms")).body.groups.length).toBe(count);
  });

  it("are staff only, with the catalogue permission", async () => {
    expect((await shopper.get("/api/admin/synonyms")).status).toBe(401);
    const { client: support } = await signedInStaff(server, { permissions: ["orders.read"] });
    expect((await support.get("/api/admin/synonyms")).status).toBe(403);
    expect((await support.get("/api/admin/search-misses")).status).toBe(403);
  });
});

describe("issue 50: words only a synonym knows, and names holding colour words", () => {
  it("corrects a misspelt word that only a staff synonym knows", async () => {
    expect((await server.services.catalog.searchProducts({ text: "kaftna", exact: true })).total).toBe(0);
    const created = await staff.post("/api/admin/synonyms", { terms: ["kaftan", "midi dress"] });
    expect(created.status).toBe(201);
    try {
      const res = await shopper.get("/api/search/suggest?q=kaftna");
      expect(res.status).toBe(200);
      expect(res.body.corrected).toBe("kaftan");
      expect(res.body.products.map((p: { name: string }) => p.name)).toContain("Linen Wrap Midi Dress");
      const page = await server.services.catalog.searchProducts({ text: "linen kaftna" });
      expect(page.corrected).toBe("linen kaftan");
      expect(page.products[0]?.name).toBe("Linen Wrap Midi Dress");
    } finally {
      await staff.delete(`/api/admin/synonyms/${created.body.id}`);
    }
  });

  it("finds a product by its name first when the name holds a colour its variants don't have", async () => {
    const fields = { description: "A waxed cotton coat for wet days.", category: "men", subcategory: "hoodies", tags: [], garment: "jacket", priceCents: 12900, colors: ["Navy"], sizes: ["M", "L"], status: "active" };
    const created = await staff.post("/api/admin/products", { ...fields, name: "Harbour Red Jacket" });
    expect(created.status).toBe(201);
    for (const q of ["Harbour Red Jacket", "harbour red", "red jacket"]) {
      const res = await shopper.get(`/api/search/suggest?q=${encodeURIComponent(q)}`);
      expect(res.body.products[0]?.name, q).toBe("Harbour Red Jacket");
      expect((await server.services.catalog.searchProducts({ text: q })).products[0]?.name, q).toBe("Harbour Red Jacket");
    }
    // The colour word still filters the rest: the other red-named searches find only red products besides it.
    const others = (await server.services.catalog.searchProducts({ text: "red jacket" })).products.slice(1);
    expect(others.length).toBeGreaterThan(0);
    for (const p of others) expect(p.colors, p.name).toContain("Red");
    // The shopper's own colour choice still applies to a name's match.
    expect((await server.services.catalog.searchProducts({ text: "harbour red", query: { colors: ["Red"] } })).total).toBe(0);
  });
});

describe("GET /api/admin/search-misses", () => {
  it("lists the searches that found nothing in the last 30 days, most frequent first", async () => {
    for (const text of ["purple unicorn", "Purple Unicorn!", "glitter boots"]) await server.services.catalog.searchProducts({ text });
    const res = await staff.get("/api/admin/search-misses");
    expect(res.status).toBe(200);
    expect(res.body.days).toBe(30);
    expect(res.body.misses[0]).toMatchObject({ query: "purple unicorn", count: 2 });
    expect(res.body.misses.map((m: { query: string }) => m.query)).toContain("glitter boots");
    const old = new Date(server.clock.now.getTime() - 30 * 86_400_000).toISOString().slice(0, 10);
    await server.database.db.insert(searchMisses).values({ query: "old news", day: old, count: 99 });
    expect((await staff.get("/api/admin/search-misses")).body.misses.map((m: { query: string }) => m.query)).not.toContain("old news");
  });
});
