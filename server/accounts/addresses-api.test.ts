import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApiClient } from "../test/api-client";
import { registerShopper } from "../test/accounts-helpers";
import { startTestServer, type TestServer } from "../test/test-server";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const home = { name: "Jordan Lee", line1: "12 Market Street", city: "Portland", region: "OR", postalCode: "97205", country: "US" };
const office = { name: "Jordan Lee", line1: "400 Pine Street", line2: "Floor 3", city: "Seattle", region: "WA", postalCode: "98101", country: "US" };

describe("saved addresses", () => {
  it("the first address is the default; another can become it; deleting the default passes it on; the same address is kept once", async () => {
    const shopper = createApiClient(server.url);
    await registerShopper(shopper);
    const first = await shopper.post("/api/account/addresses", home);
    expect(first.status).toBe(201);
    expect(first.body.address).toMatchObject({ ...home, line2: null, isDefault: true });
    const second = await shopper.post("/api/account/addresses", office);
    expect(second.body.address.isDefault).toBe(false);
    expect((await shopper.post("/api/account/addresses", home)).body.addresses).toHaveLength(2);

    const moved = await shopper.patch(`/api/account/addresses/${second.body.address.id}`, { isDefault: true, line2: "Floor 4" });
    expect(moved.body.addresses.map((a: { line1: string; isDefault: boolean; line2: string | null }) => [a.line1, a.isDefault, a.line2])).toEqual([
      ["400 Pine Street", true, "Floor 4"],
      ["12 Market Street", false, null],
    ]);
    const left = await shopper.delete(`/api/account/addresses/${second.body.address.id}`);
    expect(left.body.addresses).toEqual([expect.objectContaining({ line1: "12 Market Street", isDefault: true })]);
    const exported = JSON.parse((await shopper.get("/api/account/export")).text);
    expect(exported.addresses).toEqual([expect.objectContaining({ line1: "12 Market Street", isDefault: true })]);
  });

  it("another shopper's address is not found; bad input is a 400; visitors are 401", async () => {
    const owner = createApiClient(server.url);
    await registerShopper(owner);
    const { address } = (await owner.post("/api/account/addresses", home)).body;
    const other = createApiClient(server.url);
    await registerShopper(other);
    expect((await other.patch(`/api/account/addresses/${address.id}`, { city: "Eugene" })).status).toBe(404);
    expect((await other.delete(`/api/account/addresses/${address.id}`)).status).toBe(404);
    expect((await owner.post("/api/account/addresses", { ...home, country: "FR" })).body.message).toBe("Invalid address: country: We ship to the United States, Canada and the United Kingdom");
    expect((await owner.post("/api/account/addresses", { ...home, name: "" })).body.message).toBe("Invalid address: name: Full name is required");
    expect((await owner.patch(`/api/account/addresses/${address.id}`, {})).body.message).toBe("Invalid address: Nothing to change");
    expect((await owner.patch(`/api/account/addresses/${address.id}`, { isDefault: false })).status).toBe(400);
    expect((await owner.delete("/api/account/addresses/not-an-id")).body.message).toBe("Invalid address id: must be an address id");
    expect((await createApiClient(server.url).get("/api/account/addresses")).status).toBe(401);
  });
});
