import { afterAll, beforeAll, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../test/test-server";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const get = (path: string, method = "GET") => fetch(`${server.url}${path}`, { method, redirect: "manual" });

it.each([
  ["/about/", "/about"],
  ["/terms/", "/terms"],
  ["/shipping/", "/shipping"],
  ["/product/4/", "/product/4"],
  ["/category/men/t-shirts/", "/category/men/t-shirts"],
  ["/blog/1/?ref=mail&x=1", "/blog/1?ref=mail&x=1"],
  ["/search/?q=tee", "/search?q=tee"],
  ["/account/orders//", "/account/orders"],
])("%s answers 301 to %s", async (from, to) => {
  const res = await get(from);
  expect(res.status).toBe(301);
  expect(res.headers.get("location")).toBe(to);
});

it("never redirects to another site, and leaves the API, the home page and other methods alone", async () => {
  expect((await get("//evil.example/")).headers.get("location")).toBe("/evil.example");
  expect((await get("/")).status).not.toBe(301);
  expect((await get("/api/products/")).status).not.toBe(301);
  expect((await get("/about/", "POST")).status).not.toBe(301);
  expect((await get("/about/", "HEAD")).status).toBe(301);
});
