import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApiClient } from "../test/api-client";
import { registerShopper } from "../test/accounts-helpers";
import { signedInAdmin } from "../test/admin-helpers";
import { startTestServer, type TestServer } from "../test/test-server";

let server: TestServer;
let admin: Awaited<ReturnType<typeof signedInAdmin>>;
beforeAll(async () => {
  server = await startTestServer();
  admin = await signedInAdmin(server);
});
afterAll(() => server?.close());

type StaffCollection = { id: number; slug: string; name: string; description: string; hero: string; position: number; productCount: number; subcategories: { id: number; slug: string; name: string; productCount: number }[] };
const staffList = async () => (await admin.get("/api/admin/collections")).body.collections as StaffCollection[];
const page = async (path: string) => (await fetch(`${server.url}${path}`)).text();

describe("collections as data", () => {
  it("lists the collections in menu order with their subcategories and product counts", async () => {
    const list = await staffList();
    expect(list.map((c) => c.slug)).toEqual(["men", "women", "kids", "tech-casual"]);
    expect(list[0]).toMatchObject({ name: "Men's", hero: expect.any(String), productCount: expect.any(Number) });
    expect(list[0]!.productCount).toBeGreaterThan(0);
    expect(list[0]!.subcategories.map((s) => s.slug)).toEqual(["t-shirts", "hoodies", "jeans", "accessories"]);
  });

  it("a rename, new text and new order are what the pages read at once (menus, footer, category pages, breadcrumbs) and a search word", async () => {
    const men = (await staffList()).find((c) => c.slug === "men")!;
    const tees = men.subcategories.find((s) => s.slug === "t-shirts")!;
    await admin.patch(`/api/admin/collections/${men.id}`, { name: "Menswear", hero: "Built for every day, and the weekend too.", position: 2 });
    const renamed = await admin.patch(`/api/admin/collections/${tees.id}`, { name: "Tees", description: "Heavyweight cotton, cut to last." });
    expect(renamed.status).toBe(200);
    expect(renamed.body.collections.map((c: StaffCollection) => c.slug)).toEqual(["women", "men", "kids", "tech-casual"]);

    // The pages' loaders read this (the browser journey in e2e/collections-admin.spec.ts looks at the pages themselves).
    const shown = await server.services.catalog.collections();
    expect(shown.map((c) => c.slug)).toEqual(["women", "men", "kids", "tech-casual"]);
    expect(shown[1]).toMatchObject({ name: "Menswear", hero: "Built for every day, and the weekend too." });
    expect(shown[1]!.subcategories[0]).toEqual({ slug: "t-shirts", name: "Tees", description: "Heavyweight cotton, cut to last." });
    // The new name is a search word of the collection's products.
    expect((await server.services.catalog.searchProducts({ text: "menswear", query: {} })).total).toBeGreaterThan(0);
    const audit = (await admin.get(`/api/admin/audit?entity=collection&entityId=${men.id}`)).body.entries;
    expect(audit[0]).toMatchObject({ action: "update", before: { name: "Men's", position: 1 }, after: { name: "Menswear", position: 2 } });
    await admin.patch(`/api/admin/collections/${men.id}`, { name: "Men's", position: 1 });
  });

  it("a new collection and subcategory get their pages, menu links and sitemap entries; an empty one can be deleted, one with products can't", async () => {
    const created = await admin.post("/api/admin/collections", { slug: "outdoor", name: "Outdoor", description: "Shells, fleeces and packs.", hero: "Made for weather." });
    expect(created.status).toBe(201);
    const outdoor = (created.body.collections as StaffCollection[]).find((c) => c.slug === "outdoor")!;
    expect(outdoor.position).toBe(4);
    const sub = await admin.post("/api/admin/collections", { slug: "shells", name: "Shells", parent: "outdoor" });
    expect(sub.status).toBe(201);
    expect((await server.services.catalog.collections()).find((c) => c.slug === "outdoor")).toMatchObject({ name: "Outdoor", hero: "Made for weather.", subcategories: [{ slug: "shells", name: "Shells", description: "" }] });
    expect(await page("/sitemap.xml")).toContain("/category/outdoor/shells</loc>");

    const product = await admin.post("/api/admin/products", { name: "Storm Shell", category: "outdoor", subcategory: "shells", priceCents: 189_00, colors: ["Olive"], sizes: ["M"], status: "active" });
    expect(product.status).toBe(201);
    const shellsId = (await staffList()).find((c) => c.slug === "outdoor")!.subcategories[0]!.id;
    expect((await admin.delete(`/api/admin/collections/${outdoor.id}`)).body.message).toBe("Outdoor has 1 subcategory: delete or move those first");
    expect((await admin.delete(`/api/admin/collections/${shellsId}`)).body.message).toBe("Shells holds 1 product (drafts and archived ones too): move them first");
    await admin.patch(`/api/admin/products/${product.body.product.id}`, { category: "men" });
    expect((await admin.delete(`/api/admin/collections/${shellsId}`)).status).toBe(200);
    expect((await admin.delete(`/api/admin/collections/${outdoor.id}`)).status).toBe(200);
    expect((await server.services.catalog.collections()).map((c) => c.slug)).not.toContain("outdoor");
    expect(await page("/sitemap.xml")).not.toContain("/category/outdoor");
  });

  it("refuses bad input with a clear 400 and changes nothing; a taken slug 409; customers 403, visitors 401", async () => {
    const before = await staffList();
    const cases: [unknown, number, string][] = [
      [{ slug: "Outdoor", name: "Outdoor" }, 400, "Invalid collection: slug: must be lowercase letters, digits and single dashes"],
      [{ slug: "sale", name: "Sale" }, 400, "Invalid collection: slug: is taken by a store listing (sale, new, vsop, streetwear)"],
      [{ slug: "outdoor", name: "  " }, 400, "Invalid collection: name: can't be empty"],
      [{ slug: "outdoor", name: "Outdoor", parent: "pets" }, 400, "Unknown collection 'pets'"],
      [{ slug: "outdoor", name: "Outdoor", colour: "red" }, 400, "Invalid collection: Unknown field: colour"],
      [{ slug: "men", name: "Men again" }, 409, "There is already a collection 'men'"],
      [{ slug: "hoodies", name: "Hoodies", parent: "men" }, 409, "men already has a subcategory 'hoodies'"],
    ];
    for (const [body, status, message] of cases) {
      const res = await admin.post("/api/admin/collections", body);
      expect([res.status, res.body.message]).toEqual([status, message]);
    }
    expect((await admin.patch(`/api/admin/collections/${before[0]!.id}`, {})).body.message).toBe("Invalid collection: Nothing to change");
    expect((await admin.patch(`/api/admin/collections/${before[0]!.id}`, { slug: "guys" })).body.message).toBe("Invalid collection: Unknown field: slug; Nothing to change");
    expect((await admin.patch("/api/admin/collections/999999", { name: "X" })).status).toBe(404);
    expect(await staffList()).toEqual(before);
    expect((await createApiClient(server.url).post("/api/admin/collections", { slug: "x", name: "X" })).status).toBe(401);
    const customer = createApiClient(server.url);
    await registerShopper(customer);
    expect((await customer.get("/api/admin/collections")).status).toBe(403);
    expect((await customer.patch(`/api/admin/collections/${before[0]!.id}`, { name: "X" })).status).toBe(403);
  });
});
