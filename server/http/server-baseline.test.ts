import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../app";
import type { Services } from "../context";
import { createLogger } from "../logger";
import { freshNonce } from "./security";
import { startTestServer, type TestServer } from "../test/test-server";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

describe("server baseline", () => {
  it("reports health after checking the database", async () => {
    const res = await fetch(`${server.url}/api/health`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "ok", database: "ok" });
  });

  it("sends security headers with a fresh CSP nonce on every response", async () => {
    const [a, b] = await Promise.all([fetch(`${server.url}/api/health`), fetch(`${server.url}/api/health`)]);
    const csp = a.headers.get("content-security-policy") ?? "";
    expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]{20,}'/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain("unsafe-eval");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(b.headers.get("content-security-policy")).not.toBe(csp);
    expect(a.headers.get("x-content-type-options")).toBe("nosniff");
    expect(a.headers.get("x-request-id")).toBeTruthy();
    expect(a.headers.get("x-powered-by")).toBeNull();
  });

  it("never hands out a nonce twice, across the refills of its pool of random bytes", () => {
    const nonces = Array.from({ length: 1000 }, () => freshNonce());
    expect(new Set(nonces).size).toBe(1000);
    for (const nonce of nonces) expect(Buffer.from(nonce, "base64")).toHaveLength(16);
  });

  it("answers malformed JSON and oversized bodies with a 400, not a 500", async () => {
    const malformed = await fetch(`${server.url}/api/products`, { method: "POST", headers: { "content-type": "application/json" }, body: "{nope" });
    expect(malformed.status).toBe(400);
    expect((await malformed.json()).message).toBe("Malformed JSON in request body");
    const huge = await fetch(`${server.url}/api/products`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ padding: "x".repeat(200_000) }),
    });
    expect(huge.status).toBe(400);
    expect((await huge.json()).message).toBe("Request body is too large");
  });

  it("answers an unknown API route with a JSON 404", async () => {
    const res = await fetch(`${server.url}/api/nothing-here`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ message: "No API route for GET /api/nothing-here", code: "not_found" });
  });

  it("serves generated product images with long caching and ETags", async () => {
    const res = await fetch(`${server.url}/images/v1/hoodie/black-front.svg`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("image/svg+xml");
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const svg = await res.text();
    expect(svg).toMatch(/^<svg [^>]*viewBox="0 0 400 500"/);
    const again = await fetch(`${server.url}/images/v1/hoodie/black-front.svg`, { headers: { "if-none-match": res.headers.get("etag")! } });
    expect(again.status).toBe(304);
    // A colour name the palette lacks (staff name colours freely) is drawn in the neutral grey.
    const plaid = await fetch(`${server.url}/images/v1/hoodie/plaid-front.svg`);
    expect(plaid.status).toBe(200);
    expect(await plaid.text()).toContain("#a7a9ad");
    for (const missing of ["/images/v1/spaceship/black-front.svg", `/images/v1/hoodie/${"x".repeat(41)}-front.svg`, "/images/v1/hoodie/black--blue-front.svg", "/images/v1/hoodie/black-side.svg", "/images/v0/hoodie/black-front.svg"]) {
      expect((await fetch(`${server.url}${missing}`)).status, missing).toBe(404);
    }
  });
});

describe("unexpected errors", () => {
  it("become a generic 500 with a request id and no internal detail", async () => {
    const broken: Services = {
      ...server.services,
      catalog: {
        ...server.services.catalog,
        getProduct: async () => {
          throw new Error("relation secret_table does not exist");
        },
      },
    };
    const app = createApp({ services: broken, logger: createLogger("silent"), production: true });
    const listener = app.listen(0, "127.0.0.1");
    await new Promise<void>((resolve) => listener.once("listening", resolve));
    try {
      const { port } = listener.address() as AddressInfo;
      const res = await fetch(`http://127.0.0.1:${port}/api/products/5`);
      expect(res.status).toBe(500);
      const body = await res.json();
      expect(body.requestId).toBe(res.headers.get("x-request-id"));
      expect(body.message).toContain(body.requestId);
      expect(JSON.stringify(body)).not.toContain("secret_table");
    } finally {
      await new Promise<void>((resolve) => listener.close(() => resolve()));
    }
  });
});
