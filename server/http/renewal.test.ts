/**
 * Decision 0044 over HTTP, as the store runs: an expired page no change has touched is served at once, the first
 * request included, while a request of the store's own renders it anew through the whole app in this process.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApiClient } from "../test/api-client";
import { startTestServer, type TestServer } from "../test/test-server";

// Long enough that a busy machine can't carry the page past its stale window (twice this) between two requests.
const TTL_MS = 2500;
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ pages: true, cacheTtlMs: TTL_MS });
});
afterAll(() => server?.close());

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const nonceOf = (html: string) => /<script nonce="([^"]+)"/.exec(html)?.[1];

describe("an expired page renewed in the background (decision 0044)", () => {
  it("is served to the first request too, then the renewed page is, with its nonce swapped like any stored page", async () => {
    const visitor = createApiClient(server.url);
    const first = await visitor.get("/product/3");
    expect(first.status).toBe(200);
    const stored = await visitor.get("/product/3");
    expect(stored.headers.get("x-cache")).toBe("hit");
    await sleep(TTL_MS + 200);
    const expired = await visitor.get("/product/3");
    expect(expired.headers.get("x-cache")).toBe("stale");
    expect(expired.text).toContain("</html>");
    let renewed = await visitor.get("/product/3");
    for (let tries = 0; renewed.headers.get("x-cache") !== "hit" && tries < 50; tries++) {
      await sleep(20);
      renewed = await visitor.get("/product/3");
    }
    expect(renewed.headers.get("x-cache")).toBe("hit");
    expect(renewed.headers.get("set-cookie")).toBeNull();
    const nonce = nonceOf(renewed.text);
    expect(nonce).toBeTruthy();
    expect(renewed.headers.get("content-security-policy")).toContain(`'nonce-${nonce}'`);
    expect(nonce).not.toBe(nonceOf(expired.text));
    // The renewed page is the stored one, apart from its nonce and how far the store's clock ran from the machine's at
    // its render (a drop's countdown reads it; this test's clock stands still): nothing changed.
    const asStored = (html: string) => html.replace(/nonce-?[="A-Za-z0-9+/_-]+/g, "").replace(/(\\"offset\\",)-?\d+/g, "$1");
    expect(asStored(renewed.text)).toBe(asStored(stored.text));
  });
});
