/**
 * The server-rendered pages as a crawler sees them, without a browser (moved from the Playwright suite, issue 26):
 * every link leads somewhere, and product pages carry their JSON-LD, social image and canonical address.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { startTestServer, TEST_STORE_URL, type TestServer } from "../test/test-server";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ pages: true });
});
afterAll(() => server?.close());

const SKIP = /^\/(api|images|assets|og|sitemaps?)\b|\.(png|svg|xml|txt|css|js)$/;

/** Internal links in a page's server-rendered HTML (no JavaScript runs). */
function linksIn(html: string): string[] {
  const found = new Set<string>();
  for (const match of html.matchAll(/<a\b[^>]*\bhref="([^"#?]*)(?:[?#][^"]*)?"/g)) {
    const href = match[1]!;
    if (href.startsWith("/") && !href.startsWith("//") && !SKIP.test(href)) found.add(href.replace(/&amp;/g, "&"));
  }
  return [...found];
}

/** The JSON-LD blocks of a page's HTML. */
const jsonLd = (html: string) => [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!));

it("a crawl from / reaches every linked page without a 404 or a 500", { timeout: 120_000 }, async () => {
  const seen = new Set<string>(["/"]);
  const queue = ["/"];
  const problems: string[] = [];
  const statuses = new Map<string, number>();
  while (queue.length > 0) {
    const path = queue.shift()!;
    const res = await fetch(`${server.url}${path}`, { redirect: "manual" });
    statuses.set(path, res.status);
    if (res.status >= 300 && res.status < 400) {
      // Only the signed-in areas redirect, and only to the sign-in page.
      if (!(res.headers.get("location") ?? "").startsWith("/login?redirectTo=")) problems.push(`${path} → ${res.status} ${res.headers.get("location")}`);
      continue;
    }
    if (res.status !== 200) {
      problems.push(`${path} → ${res.status}`);
      continue;
    }
    for (const link of linksIn(await res.text())) {
      if (!seen.has(link)) {
        seen.add(link);
        queue.push(link);
      }
    }
  }
  expect(problems).toEqual([]);
  const footerAndNav = ["/products", "/category/sale", "/category/new", "/vsop", "/blog", "/about", "/contact", "/shipping", "/returns", "/size-guide", "/faq", "/sustainability", "/stores", "/careers", "/privacy", "/terms", "/accessibility", "/quality", "/designs", "/category/men/t-shirts", "/category/kids/infants", "/blog/1", "/product/2"];
  for (const path of footerAndNav) expect(statuses.get(path), path).toBe(200);
  expect(seen.size).toBeGreaterThan(80);
});

it("a product page's HTML carries its JSON-LD, social image and canonical URL without JavaScript", async () => {
  const html = await (await fetch(`${server.url}/product/2`)).text();
  expect(html).toContain(`<link rel="canonical" href="${TEST_STORE_URL}/product/2"`);
  expect(html).toContain(`<meta property="og:image" content="${TEST_STORE_URL}/og/product/2.png"`);
  const blocks = jsonLd(html);
  const group = blocks.find((b) => b["@type"] === "ProductGroup");
  expect(group).toMatchObject({ name: "VSOP Premium Hoodie", productGroupID: "VS-2", brand: { name: "VSOP Apparel" } });
  expect(group.hasVariant).toHaveLength(7);
  for (const variant of group.hasVariant) {
    expect(variant).toMatchObject({ sku: expect.stringMatching(/^VS-2-/), color: "Black", size: expect.any(String) });
    expect(variant.offers).toMatchObject({ price: "149.99", priceCurrency: "USD" });
    expect(["https://schema.org/PreOrder", "https://schema.org/OutOfStock"]).toContain(variant.offers.availability);
  }
  expect(blocks.find((b) => b["@type"] === "BreadcrumbList")?.itemListElement[0]).toMatchObject({ name: "Home", position: 1 });
});

it("every product in the sitemap has JSON-LD with the required fields", { timeout: 120_000 }, async () => {
  const xml = await (await fetch(`${server.url}/sitemap.xml`)).text();
  const products = [...xml.matchAll(/<loc>https?:\/\/[^<]+(\/product\/\d+)<\/loc>/g)].map((m) => m[1]!);
  expect(products.length).toBeGreaterThanOrEqual(60);
  for (const path of products) {
    const html = await (await fetch(`${server.url}${path}`)).text();
    const group = jsonLd(html).find((b) => b["@type"] === "ProductGroup");
    expect(group, path).toBeTruthy();
    expect(group.name && group.image.length && group.hasVariant.length, path).toBeTruthy();
    for (const v of group.hasVariant) expect(v.offers.price && v.offers.priceCurrency === "USD" && v.offers.availability && v.sku, path).toBeTruthy();
  }
});

it("an address with a trailing slash leads to the page without it, the query kept", async () => {
  for (const [from, to, heading] of [
    ["/terms/", "/terms", /Terms/],
    ["/shipping/?from=mail", "/shipping?from=mail", /Shipping/],
    ["/category/men/", "/category/men", /Men/],
  ] as const) {
    const res = await fetch(`${server.url}${from}`);
    expect(res.status).toBe(200);
    const url = new URL(res.url);
    expect(url.pathname + url.search).toBe(to);
    const headings = [...(await res.text()).matchAll(/<h1\b[^>]*>([\s\S]*?)<\/h1>/g)].map((m) => m[1]!.replace(/<[^>]+>/g, ""));
    expect(headings, "one main heading").toHaveLength(1);
    expect(headings[0]).toMatch(heading);
  }
});
