import { afterAll, beforeAll, expect, it } from "vitest";
import { createApiClient } from "../test/api-client";
import { signedInAdmin } from "../test/admin-helpers";
import { setVariantStock } from "../test/checkout-helpers";
import { startTestServer, type TestServer } from "../test/test-server";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ sharedReadMs: 60_000 });
});
afterAll(() => server?.close());

it("visitors share a product read until a write through the store clears it", async () => {
  const shopper = createApiClient(server.url);
  const product = (await shopper.get("/api/products/10")).body;
  const variant = product.variants[0];
  // Behind the store's back (no write through it), the shared answer stands.
  await setVariantStock(server.database.db, 10, variant.color, variant.size, variant.available + 7);
  expect((await shopper.get("/api/products/10")).body.variants[0].available).toBe(variant.available);

  // Any write through the store that may change it (here a staff stock change) clears it at once.
  const staff = await signedInAdmin(server);
  const { variants } = (await staff.get("/api/admin/products/10")).body;
  expect((await staff.patch(`/api/admin/variants/${variants[0].id}`, { onHand: 3 })).status).toBe(200);
  expect((await shopper.get("/api/products/10")).body.variants[0].available).toBe(3);
});
