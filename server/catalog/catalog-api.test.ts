import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Product, ProductDetail } from "./product-types";
import { startTestServer, type TestServer } from "../test/test-server";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

async function get(path: string) {
  const res = await fetch(`${server.url}${path}`);
  const text = await res.text();
  return { status: res.status, headers: res.headers, text, body: text ? JSON.parse(text) : undefined };
}

async function list(path: string): Promise<Product[]> {
  const res = await get(path);
  expect(res.status, res.text).toBe(200);
  return res.body as Product[];
}

describe("GET /api/products", () => {
  it("lists the whole seeded catalogue with the product fields of SPEC §3", async () => {
    const res = await get("/api/products");
    expect(res.status).toBe(200);
    const products = res.body as Product[];
    expect(products.length).toBeGreaterThanOrEqual(60);
    expect(Number(res.headers.get("x-total-count"))).toBe(products.length);
    for (const p of products) {
      expect(p).toEqual(
        expect.objectContaining({
          id: expect.any(Number),
          name: expect.any(String),
          price: expect.any(Number),
          image: expect.stringMatching(/^\/images\/.+\.svg$/),
          category: expect.any(String),
          rating: expect.any(Number),
          reviewCount: expect.any(Number),
          stock: expect.any(Number),
        }),
      );
      expect(p.images.length).toBeGreaterThanOrEqual(2);
      expect(p.colors.length).toBeGreaterThan(0);
      expect(p.sizes.length).toBeGreaterThan(0);
      expect(Number.isInteger(Math.round(p.price * 100))).toBe(true);
    }
  });

  it("covers every navigation subcategory and has sale, flagged, low and sold-out stock", async () => {
    const products = await list("/api/products");
    const subcategories = new Set(products.map((p) => `${p.category}/${p.subcategory}`));
    for (const path of ["men/t-shirts", "men/hoodies", "men/jeans", "men/accessories", "women/dresses", "women/tops", "women/bottoms", "women/accessories", "kids/boys", "kids/girls", "kids/infants"]) {
      expect(subcategories).toContain(path);
    }
    expect(products.some((p) => p.compareAtPrice !== null && p.compareAtPrice > p.price)).toBe(true);
    for (const flag of ["featured", "new", "preorder", "trending", "bestseller", "hot"] as const) {
      expect(products.some((p) => p[flag]), flag).toBe(true);
    }
    const details = await Promise.all(products.slice(3, 20).map((p) => get(`/api/products/${p.id}`)));
    const available = details.flatMap((d) => (d.body as ProductDetail).variants.map((v) => v.available));
    expect(available).toContain(0);
    expect(available.some((n) => n > 0 && n <= 3)).toBe(true);
  });

  it("filters by price range, any of several colours and sizes, in SQL", async () => {
    const products = await list("/api/products?minPrice=30&maxPrice=60&colors=black,NAVY&sizes=m");
    expect(products.length).toBeGreaterThan(0);
    for (const p of products) {
      expect(p.price).toBeGreaterThanOrEqual(30);
      expect(p.price).toBeLessThanOrEqual(60);
      expect(p.colors.some((c) => c === "Black" || c === "Navy")).toBe(true);
      expect(p.sizes).toContain("M");
    }
  });

  it("sorts by price both ways and by rating", async () => {
    const low = (await list("/api/products?sort=price-low")).map((p) => p.price);
    expect(low).toEqual([...low].sort((a, b) => a - b));
    const high = (await list("/api/products?sort=price-high")).map((p) => p.price);
    expect(high).toEqual([...high].sort((a, b) => b - a));
    const rating = (await list("/api/products?sort=rating")).map((p) => p.rating);
    expect(rating).toEqual([...rating].sort((a, b) => b - a));
  });

  it("pages with page and limit, reporting the total", async () => {
    const all = await list("/api/products?sort=price-low");
    const res = await get("/api/products?sort=price-low&limit=10&page=2");
    expect(res.status).toBe(200);
    expect((res.body as Product[]).map((p) => p.id)).toEqual(all.slice(10, 20).map((p) => p.id));
    expect(Number(res.headers.get("x-total-count"))).toBe(all.length);
    expect(await list("/api/products?page=500")).toEqual([]);
  });

  it("keeps featured products to the featured flag", async () => {
    const products = await list("/api/products?featured=true&limit=4");
    expect(products).toHaveLength(4);
    expect(products.every((p) => p.featured)).toBe(true);
  });

  it.each([
    ["page=0", "page"],
    ["limit=101", "limit"],
    ["limit=ten", "limit"],
    ["sort=cheapest", "sort"],
    ["minPrice=abc", "minPrice"],
    ["minPrice=-5", "minPrice"],
    ["minPrice=80&maxPrice=20", "minPrice"],
    ["featured=yes", "featured"],
    ["colour=black", "Unknown field"],
  ])("answers 400 with a message for %s", async (query, mentions) => {
    const res = await get(`/api/products?${query}`);
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(mentions);
  });
});

describe("GET /api/products/{id}", () => {
  it("returns the VSOP hoodie at 149.99 with per-variant availability", async () => {
    const res = await get("/api/products/2");
    expect(res.status).toBe(200);
    const hoodie = res.body as ProductDetail;
    expect(hoodie).toMatchObject({ id: 2, price: 149.99, category: "tech-casual", preorder: true });
    expect(hoodie.name).toMatch(/VSOP/);
    expect(hoodie.name).toMatch(/hoodie/i);
    expect(hoodie.sizes).toEqual(["XS", "S", "M", "L", "XL", "2XL", "3XL"]);
    expect(hoodie.variants).toHaveLength(hoodie.colors.length * hoodie.sizes.length);
    expect(hoodie.stock).toBe(hoodie.variants.reduce((sum, v) => sum + v.available, 0));
  });

  it("has the VSOP set and shorts at the spec's prices", async () => {
    expect((await get("/api/products/1")).body).toMatchObject({ name: "VSOP Premium Collection - Complete Set", price: 199.99 });
    expect((await get("/api/products/3")).body).toMatchObject({ price: 79.99 });
  });

  it("answers 404 with a readable body for an unknown id", async () => {
    for (const id of ["999999", "99999999999"]) {
      const res = await get(`/api/products/${id}`);
      expect(res.status).toBe(404);
      expect(res.body.message).toBe(`Product ${id} not found`);
    }
  });

  it.each(["abc", "0", "-1", "2.5", "1e3"])("answers 400 for the id %s", async (id) => {
    const res = await get(`/api/products/${id}`);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/^Invalid product id/);
  });
});

describe("GET /api/products/category/{category}", () => {
  it("lists a collection", async () => {
    const men = await list("/api/products/category/men");
    expect(men.length).toBeGreaterThanOrEqual(20);
    expect(men.every((p) => p.category === "men")).toBe(true);
  });

  it.each(["tech-casual", "streetwear", "vsop"])("answers %s with the VSOP items", async (category) => {
    const products = await list(`/api/products/category/${category}`);
    expect(products.map((p) => p.id).sort()).toEqual([1, 2, 3]);
    expect(products.every((p) => /vsop/i.test(p.name))).toBe(true);
  });

  it("lists products on sale and new arrivals", async () => {
    const sale = await list("/api/products/category/sale");
    expect(sale.length).toBeGreaterThan(0);
    expect(sale.every((p) => p.compareAtPrice !== null && p.compareAtPrice > p.price)).toBe(true);
    const fresh = await list("/api/products/category/new");
    expect(fresh.length).toBeGreaterThan(0);
    expect(fresh.every((p) => p.new)).toBe(true);
  });

  it("applies filters and sort inside a category", async () => {
    const products = await list("/api/products/category/women?sort=price-high&maxPrice=60");
    expect(products.every((p) => p.category === "women" && p.price <= 60)).toBe(true);
    const prices = products.map((p) => p.price);
    expect(prices).toEqual([...prices].sort((a, b) => b - a));
  });

  it("answers 404 for an unknown category and 400 for a malformed one", async () => {
    const missing = await get("/api/products/category/pets");
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe("Category 'pets' not found");
    const bad = await get("/api/products/category/Bad_Name");
    expect(bad.status).toBe(400);
  });
});

describe("GET /api/products/subcategory/{subcategory}", () => {
  it("lists a subcategory across collections", async () => {
    const tees = await list("/api/products/subcategory/t-shirts");
    expect(tees.length).toBeGreaterThan(0);
    expect(tees.every((p) => p.subcategory === "t-shirts")).toBe(true);
    const accessories = await list("/api/products/subcategory/accessories");
    expect(new Set(accessories.map((p) => p.category))).toEqual(new Set(["men", "women"]));
  });

  it("answers 404 for an unknown subcategory", async () => {
    const res = await get("/api/products/subcategory/spacesuits");
    expect(res.status).toBe(404);
    expect(res.body.message).toBe("Subcategory 'spacesuits' not found");
  });
});
