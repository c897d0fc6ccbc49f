import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApiClient } from "../test/api-client";
import { startTestServer, type TestServer } from "../test/test-server";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const get = (path: string) => fetch(`${server.url}${path}`);

describe("robots.txt and the sitemap", () => {
  it("keeps private areas out and points to the sitemap", async () => {
    const text = await (await get("/robots.txt")).text();
    for (const line of ["Disallow: /api/", "Disallow: /admin", "Disallow: /account", "Disallow: /checkout", "Sitemap: http://store.test/sitemap.xml"]) expect(text).toContain(line);
  });

  it("lists every product, collection and article with lastmod dates", async () => {
    const res = await get("/sitemap.xml");
    expect(res.headers.get("content-type")).toContain("application/xml");
    const xml = await res.text();
    const products = (await createApiClient(server.url).get("/api/products")).body as { id: number }[];
    for (const p of products) expect(xml).toContain(`<loc>http://store.test/product/${p.id}</loc>`);
    for (const path of ["/", "/category/men/t-shirts", "/category/kids/infants", "/vsop", "/blog/1", "/about", "/shipping", "/size-guide"]) {
      expect(xml).toContain(`<loc>http://store.test${path}</loc>`);
    }
    expect(xml).toMatch(/<url><loc>http:\/\/store\.test\/product\/2<\/loc><lastmod>\d{4}-\d{2}-\d{2}<\/lastmod><\/url>/);
    expect(xml).not.toContain("/admin");
    expect((await get("/sitemaps/pages.xml")).status).toBe(200);
    expect((await get("/sitemaps/products-99.xml")).status).toBe(404);
  });
});

describe("social previews", () => {
  it("are 1200 × 630 PNGs for the site and each product", async () => {
    for (const path of ["/og/default.png", "/og/product/2.png"]) {
      const res = await get(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get("content-type")).toBe("image/png");
      const png = Buffer.from(await res.arrayBuffer());
      expect(png.subarray(1, 4).toString()).toBe("PNG");
      expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);
    }
    expect((await get("/og/product/999999.png")).status).toBe(404);
  });
});

describe("POST /api/contact", () => {
  it("stores a valid message and refuses a bad one", async () => {
    const client = createApiClient(server.url);
    const ok = await client.post("/api/contact", { name: "Lee", email: "lee@example.com", topic: "Order question", orderNumber: "vs-100100", message: "Where is my order, please?" });
    expect(ok.status).toBe(201);
    expect(ok.body).toEqual({ received: true, reference: expect.stringMatching(/^MSG-\d{6}$/) });
    const bad = await client.post("/api/contact", { name: "", email: "nope", topic: "Spam", message: "hi" });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain("Your name is required");
  });
});
