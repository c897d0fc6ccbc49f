import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RUNS, urlPiece } from "../test/fuzz-kit";
import { startTestServer, type TestServer } from "../test/test-server";
import { bodyProblem, urlProblem } from "./unstorable-text";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ pages: true });
});
afterAll(() => server?.close());

const HTML = { accept: "text/html" };
const JSON_BODY = { "content-type": "application/json" };

/** What Wapiti found and what was tried by hand (issue 32, item 7), and their neighbours. */
const refused: [what: string, method: string, path: string, headers: Record<string, string>, body: string | undefined, message: RegExp][] = [
  ["a NUL in a page's query", "GET", "/category/men?colors=a%00b", HTML, undefined, /Query parameter &#39;colors&#39; holds a NUL character/],
  ["a NUL in the API's query", "GET", "/api/products?colors=a%00b", {}, undefined, /^Query parameter 'colors' holds a NUL character$/],
  ["a lone NUL in a listing's query", "GET", "/api/products/category/men?sizes=%00", {}, undefined, /^Query parameter 'sizes' holds a NUL character$/],
  ["a NUL in a query parameter's name", "GET", "/api/products?a%00=1", {}, undefined, /^Query parameter 'a' holds a NUL character$/],
  ["bytes that are not UTF-8 in an API path", "GET", "/api/products/%C3%28", {}, undefined, /path has malformed percent-encoding or is not UTF-8/],
  ["bytes that are not UTF-8 in a page path", "GET", "/product/%C3%28", HTML, undefined, /path has malformed percent-encoding or is not UTF-8/],
  ["a truncated escape in a page path", "GET", "/category/men%2", HTML, undefined, /path has malformed percent-encoding/],
  ["bytes that are not UTF-8 in a page query", "GET", "/search?q=%FF", HTML, undefined, /Query parameter &#39;q&#39; has malformed percent-encoding/],
  ["an encoded surrogate half in a query", "GET", "/api/products?q=%ED%A0%80", {}, undefined, /Query parameter 'q' has malformed percent-encoding/],
  ["a NUL in a page path", "GET", "/category/m%00en", HTML, undefined, /path holds a NUL character/],
  ["a NUL in a sign-in's username", "POST", "/api/auth/login", JSON_BODY, JSON.stringify({ username: "owner\u0000", password: "x" }), /^Invalid request: username holds a NUL character$/],
  ["a lone surrogate in a sign-in's password", "POST", "/api/auth/login", JSON_BODY, '{"username":"owner","password":"\\ud800"}', /^Invalid request: password holds an unpaired UTF-16 surrogate$/],
  ["a NUL deep in a body", "POST", "/api/cart/items", JSON_BODY, JSON.stringify({ productId: 2, quantity: 1, size: "M", color: "Black", notes: [{ text: "\u0000" }] }), /^Invalid request: notes\.0\.text holds a NUL character$/],
  ["a NUL in a field's name", "POST", "/api/auth/register", JSON_BODY, JSON.stringify({ "user\u0000name": "x" }), /^Invalid request: A field name holds a NUL character$/],
];

describe("text the database cannot store, and addresses that cannot be decoded (issue 32)", () => {
  it.each(refused)("%s: %s %s is a 400 with a clear message", async (_what, method, path, headers, body, message) => {
    const res = await fetch(`${server.url}${path}`, { method, headers: { origin: server.url, ...headers }, body });
    const text = await res.text();
    expect(res.status, text.slice(0, 300)).toBe(400);
    if (!path.startsWith("/api/")) {
      expect(res.headers.get("content-type")).toMatch(/^text\/html/);
      expect(text).toContain("<h1>We couldn't read that request</h1>");
      expect(text).toMatch(message);
    } else {
      const json = JSON.parse(text) as { message: string; code: string };
      expect(json.code).toBe("bad_request");
      expect(json.message).toMatch(message);
    }
  });

  it("reads a cart or session cookie holding a NUL as no cookie, not as a failed query", async () => {
    for (const cookie of ["cart=a%00b", "session=%00", "cart=%C3%28"]) {
      expect((await fetch(`${server.url}/api/cart`, { headers: { cookie } })).status, cookie).toBe(200);
      expect((await fetch(`${server.url}/product/11`, { headers: { cookie, ...HTML } })).status, cookie).toBe(200);
    }
  });

  it("refuses a one-click unsubscribe form holding a NUL (its one value is compared, never stored or looked up)", async () => {
    const res = await fetch(`${server.url}/unsubscribe/some-token`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: "List-Unsubscribe=One%00Click" });
    expect(res.status).toBe(400);
    expect((await fetch(`${server.url}/unsubscribe/some%00token`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: "List-Unsubscribe=One-Click" })).status).toBe(400);
  });

  it("lets through text that is merely unusual: emoji (surrogate pairs), plus signs, other languages", async () => {
    expect((await fetch(`${server.url}/api/products?colors=${encodeURIComponent("😀 ü+ß")}`)).status).toBe(200);
    expect((await fetch(`${server.url}/search?q=%F0%9F%98%80+caf%C3%A9`, { headers: HTML })).status).toBe(200);
    expect(urlProblem("/api/products?colors=Black&sizes=M&flag&=x")).toBeNull();
    expect(bodyProblem({ name: "Zoë 😀", tags: ["a", { b: "c" }], n: 1, ok: true, none: null })).toBeNull();
  });

  it(`pages with ${RUNS} generated query strings and path segments never 5xx`, async () => {
    const pages = ["/", "/category/men", "/category/", "/product/11", "/product/", "/search", "/blog", "/login", "/cart", "/account", "/info/"];
    const names = fc.oneof(fc.constantFrom("colors", "sizes", "sort", "page", "q", "minPrice", "maxPrice", "preview", "at"), urlPiece);
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...pages), fc.option(urlPiece, { nil: "" }), fc.array(fc.tuple(names, urlPiece), { maxLength: 3 }), async (page, segment, params) => {
        const path = `${page}${page.endsWith("/") ? segment : ""}${params.length ? `?${params.map(([name, value]) => `${name}=${value}`).join("&")}` : ""}`;
        const res = await fetch(`${server.url}${path}`, { headers: HTML, redirect: "manual" });
        await res.arrayBuffer();
        expect(res.status, path).toBeLessThan(500);
      }),
      { numRuns: RUNS },
    );
  });
});
