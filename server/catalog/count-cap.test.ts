import { afterAll, beforeAll, expect, it } from "vitest";
import { seedLargeCatalog } from "../seed/seed-large";
import { createApiClient } from "../test/api-client";
import { startTestServer, type TestServer } from "../test/test-server";
import { COUNT_CAP } from "./list-products";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  await seedLargeCatalog(server.database.db, COUNT_CAP + 100);
});
afterAll(() => server?.close());

it("counts a big listing up to the cap and says the count stopped there", async () => {
  const res = await createApiClient(server.url).get("/api/products?limit=24");
  expect(res.status).toBe(200);
  expect(res.body).toHaveLength(24);
  expect(res.headers.get("x-total-count")).toBe(String(COUNT_CAP));
  expect(res.headers.get("x-total-count-capped")).toBe("true");
});

it("counts exactly when the page asked for reaches past the cap, so the last page is known", async () => {
  const total = COUNT_CAP + 100;
  const lastPage = Math.ceil(total / 24);
  const res = await createApiClient(server.url).get(`/api/products?limit=24&page=${lastPage}`);
  expect(res.headers.get("x-total-count")).toBe(String(total));
  expect(res.headers.get("x-total-count-capped")).toBeNull();
  expect(res.body).toHaveLength(total - (lastPage - 1) * 24);
});

it("counts a listing below the cap exactly", async () => {
  const res = await createApiClient(server.url).get("/api/products/category/kids?limit=24&sizes=XS&colors=Red");
  expect(Number(res.headers.get("x-total-count"))).toBeLessThan(COUNT_CAP);
  expect(res.headers.get("x-total-count-capped")).toBeNull();
});
