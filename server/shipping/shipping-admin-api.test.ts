import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApiClient } from "../test/api-client";
import { registerShopper } from "../test/accounts-helpers";
import { signedInAdmin } from "../test/admin-helpers";
import { startTestServer, type TestServer } from "../test/test-server";

let server: TestServer;
let admin: Awaited<ReturnType<typeof signedInAdmin>>;

beforeAll(async () => {
  server = await startTestServer();
  admin = await signedInAdmin(server);
});
afterAll(() => server?.close());

type Rate = { id: number; name: string; kind: string; amountCents: number; minSubtotalCents: number | null; maxSubtotalCents: number | null };
type Overview = { zones: { id: number; name: string; regions: unknown[]; rates: Rate[]; freeFromCents: number | null }[] };
const overview = async () => (await admin.get("/api/admin/shipping")).body as Overview;
const audit = async (entity: string, id: number) => (await admin.get(`/api/admin/audit?entity=${entity}&entityId=${id}`)).body.entries.map((e: { action: string }) => e.action);

describe("shipping zones and rates", () => {
  let everywhere: number;
  let us: number;
  let underFifty: number;

  it("starts from the migration's seed: free standard shipping everywhere", async () => {
    const { zones } = await overview();
    expect(zones).toMatchObject([{ name: "Everywhere", regions: [], freeFromCents: 0, rates: [{ name: "Standard shipping", kind: "free", amountCents: 0, minDays: 3, maxDays: 5, active: true }] }]);
    everywhere = zones[0]!.id;
  });

  it("staff add a US zone with $5.99 under $50 and free from $50, and the test panel explains each rate", async () => {
    const zone = await admin.post("/api/admin/shipping/zones", { name: "United States", regions: [{ country: "US" }] });
    expect(zone.status).toBe(201);
    us = zone.body.id;
    const band = await admin.post("/api/admin/shipping/rates", { zoneId: us, name: "Standard", kind: "price_band", amountCents: 599, minSubtotalCents: 0, maxSubtotalCents: 5000, minDays: 3, maxDays: 5 });
    expect(band.status).toBe(201);
    underFifty = band.body.id;
    expect((await admin.post("/api/admin/shipping/rates", { zoneId: us, name: "Free standard", kind: "free_over", minSubtotalCents: 5000, minDays: 3, maxDays: 5 })).status).toBe(201);
    expect((await admin.post("/api/admin/shipping/rates", { zoneId: us, name: "Heavy parcel", kind: "weight_band", amountCents: 2500, minWeightGrams: 5000, minDays: 4, maxDays: 8, position: 2 })).status).toBe(201);
    expect((await overview()).zones.find((z) => z.id === us)!.freeFromCents).toBe(5000);

    const res = await admin.post("/api/admin/shipping/test", { country: "US", state: "NY", postalCode: "10001", subtotal: "42", weightGrams: 800 });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      address: "10001, New York, United States",
      zone: "United States",
      why: "Zone United States (United States) wins over Everywhere (everywhere)",
      zones: [
        {
          id: us,
          name: "United States",
          wins: true,
          matchedBy: "United States",
          rates: [
            { id: underFifty, name: "Standard", kind: "price_band", minDays: 3, maxDays: 5, applies: true, priceCents: 599, reason: "Subtotal $42.00 is under $50.00" },
            { id: expect.any(Number), name: "Free standard", kind: "free_over", minDays: 3, maxDays: 5, applies: false, priceCents: 0, reason: "Subtotal $42.00 is under the $50.00 minimum" },
            { id: expect.any(Number), name: "Heavy parcel", kind: "weight_band", minDays: 4, maxDays: 8, applies: false, priceCents: 2500, reason: "Weight 800 g is under the 5 kg minimum" },
          ],
        },
        {
          id: everywhere,
          name: "Everywhere",
          wins: false,
          matchedBy: "everywhere",
          rates: [{ id: expect.any(Number), name: "Standard shipping", kind: "free", minDays: 3, maxDays: 5, applies: false, priceCents: 0, reason: "Not offered: zone United States is more specific for this address: United States wins over everywhere" }],
        },
      ],
      offered: [{ id: underFifty, name: "Standard", priceCents: 599, minDays: 3, maxDays: 5 }],
      message: null,
    });
    const fifty = (await admin.post("/api/admin/shipping/test", { country: "US", subtotal: 50, weightGrams: 6000 })).body;
    expect(fifty.offered.map((r: { name: string; priceCents: number }) => [r.name, r.priceCents])).toEqual([
      ["Free standard", 0],
      ["Heavy parcel", 2500],
    ]);
    const toronto = (await admin.post("/api/admin/shipping/test", { country: "CA", state: "Ontario", postalCode: "M5V 2T6", subtotal: 10 })).body;
    expect([toronto.zone, toronto.offered[0].name]).toEqual(["Everywhere", "Standard shipping"]);
    expect(await audit("zone", us)).toEqual(["create"]);
    expect(await audit("shipping_rate", underFifty)).toEqual(["create"]);
  });

  it("says so when no rate of the winning zone applies", async () => {
    const islands = await admin.post("/api/admin/shipping/zones", { name: "Highlands and Islands", regions: [{ country: "GB", subdivision: "GB-SCT", postalPrefix: "HS" }, { country: "GB", subdivision: "GB-SCT", postalPrefix: "ZE" }] });
    await admin.post("/api/admin/shipping/rates", { zoneId: islands.body.id, name: "Island post", kind: "weight_band", amountCents: 1500, maxWeightGrams: 2000, minDays: 5, maxDays: 10 });
    const heavy = (await admin.post("/api/admin/shipping/test", { country: "GB", state: "Scotland", postalCode: "hs1 2aa", subtotal: 80, weightGrams: 3000 })).body;
    expect(heavy.why).toBe("Zone Highlands and Islands (postcode prefix HS in Scotland) wins over Everywhere (everywhere)");
    expect(heavy.offered).toEqual([]);
    expect(heavy.message).toBe("No rate of zone Highlands and Islands applies: checkout can't ship this order there");
    expect(heavy.zones[0].rates[0].reason).toBe("Weight 3 kg is not under the 2 kg limit");
  });

  it("refuses bad rates and zones with a clear message and writes nothing", async () => {
    const before = await overview();
    const taxZone = (await admin.get("/api/admin/tax")).body.zones[0].id;
    const rate = { zoneId: us, name: "Express", kind: "flat", amountCents: 1500, minDays: 1, maxDays: 2 };
    const cases: [string, unknown, number, string][] = [
      ["/api/admin/shipping/rates", { ...rate, amountCents: -100 }, 400, "Invalid shipping rate: amountCents: must not be negative"],
      ["/api/admin/shipping/rates", { ...rate, amountCents: 1_000_001 }, 400, "Invalid shipping rate: amountCents: a shipping price must be at most $10,000.00"],
      ["/api/admin/shipping/rates", { ...rate, amountCents: 5.5 }, 400, "Invalid shipping rate: amountCents: must be a whole number of cents"],
      ["/api/admin/shipping/rates", { ...rate, kind: "price_band", minSubtotalCents: 5000, maxSubtotalCents: 5000 }, 400, "Invalid shipping rate: the band's minimum ($50.00) must be under its maximum ($50.00)"],
      ["/api/admin/shipping/rates", { ...rate, kind: "weight_band", minWeightGrams: 3000, maxWeightGrams: 1000 }, 400, "Invalid shipping rate: the band's minimum (3000 g) must be under its maximum (1000 g)"],
      ["/api/admin/shipping/rates", { ...rate, kind: "price_band" }, 400, "Invalid shipping rate: a price_band rate needs minSubtotalCents or maxSubtotalCents (without either, use a flat rate)"],
      ["/api/admin/shipping/rates", { ...rate, kind: "free_over", amountCents: 0 }, 400, "Invalid shipping rate: a free_over rate needs minSubtotalCents, the subtotal from which shipping is free"],
      ["/api/admin/shipping/rates", { ...rate, minSubtotalCents: 100 }, 400, "Invalid shipping rate: a flat rate applies to every order: it takes no subtotal or weight limits (use price_band or weight_band)"],
      ["/api/admin/shipping/rates", { ...rate, minDays: 5, maxDays: 2 }, 400, "Invalid shipping rate: minDays (5) must not be more than maxDays (2)"],
      ["/api/admin/shipping/rates", { ...rate, maxDays: 61 }, 400, "Invalid shipping rate: maxDays: must be at most 60 days"],
      ["/api/admin/shipping/rates", { ...rate, kind: "overnight" }, 400, "Invalid shipping rate: kind: must be flat, free, free_over, price_band or weight_band"],
      ["/api/admin/shipping/rates", { ...rate, carrier: "UPS" }, 400, "Invalid shipping rate: Unknown field: carrier"],
      ["/api/admin/shipping/rates", { ...rate, zoneId: taxZone }, 400, "Zone Everywhere is a tax zone, not a shipping zone"],
      ["/api/admin/shipping/rates", { ...rate, zoneId: 999_999 }, 404, "No shipping zone 999999"],
      ["/api/admin/shipping/zones", { name: "Lower 48", regions: [{ country: "US" }] }, 409, "Zone United States already has United States; the same region in two zones would tie"],
      ["/api/admin/shipping/zones", { name: "Paris", regions: [{ country: "FR" }] }, 400, "Invalid zone: regions.0.country: We only ship to the United States, Canada and the United Kingdom"],
      ["/api/admin/shipping/zones", { name: "Texas", regions: [{ country: "US", subdivision: "US-ZZ" }] }, 400, "Invalid zone: regions.0.subdivision: US-ZZ is not a state or province of United States"],
      ["/api/admin/shipping/test", { country: "MX", subtotal: 10 }, 400, "Invalid address: country: We only ship to the United States, Canada and the United Kingdom"],
      ["/api/admin/shipping/test", { country: "US", subtotal: "-5" }, 400, "Invalid address: subtotal: must not be negative"],
    ];
    for (const [path, body, status, message] of cases) {
      const res = await admin.post(path, body);
      expect([res.status, res.body.message], JSON.stringify(body)).toEqual([status, message]);
    }
    // A change is checked with the rest of the rate: a band can't lose its limits by becoming flat.
    const patched = await admin.patch(`/api/admin/shipping/rates/${underFifty}`, { kind: "flat" });
    expect([patched.status, patched.body.message]).toEqual([400, "Invalid shipping rate: a flat rate applies to every order: it takes no subtotal or weight limits (use price_band or weight_band)"]);
    expect((await admin.patch(`/api/admin/shipping/rates/${underFifty}`, { maxSubtotalCents: 0 })).body.message).toBe("Invalid shipping rate: the band's minimum ($0.00) must be under its maximum ($0.00)");
    expect(await overview()).toEqual(before);
  });

  it("changes and deletes rates and zones; the last shipping zone stays", async () => {
    const changed = await admin.patch(`/api/admin/shipping/rates/${underFifty}`, { kind: "flat", minSubtotalCents: null, maxSubtotalCents: null, amountCents: 650, active: false });
    expect(changed.status).toBe(200);
    expect(changed.body.zones.find((z: { id: number }) => z.id === us).rates[0]).toMatchObject({ kind: "flat", amountCents: 650, active: false });
    expect((await admin.post("/api/admin/shipping/test", { country: "US", subtotal: 10 })).body.zones[0].rates[0].reason).toBe("The rate is turned off");
    expect((await admin.delete(`/api/admin/shipping/rates/${underFifty}`)).status).toBe(204);
    expect(await audit("shipping_rate", underFifty)).toEqual(["delete", "update", "create"]);

    const renamed = await admin.patch(`/api/admin/shipping/zones/${us}`, { name: "USA", regions: [{ country: "US" }, { country: "CA" }] });
    expect(renamed.body.zones.find((z: { id: number }) => z.id === us)).toMatchObject({ name: "USA", regions: [{ country: "US" }, { country: "CA" }] });
    for (const zone of (await overview()).zones.filter((z) => z.id !== everywhere)) expect((await admin.delete(`/api/admin/shipping/zones/${zone.id}`)).status).toBe(204);
    const last = await admin.delete(`/api/admin/shipping/zones/${everywhere}`);
    expect([last.status, last.body.message]).toEqual([400, "Zone Everywhere is the only shipping zone: the store could ship nowhere without it"]);
    expect(await audit("zone", us)).toEqual(["delete", "update", "create"]);
  });

  it("is for staff only", async () => {
    const customer = createApiClient(server.url);
    await registerShopper(customer);
    expect((await customer.get("/api/admin/shipping")).status).toBe(403);
    expect((await customer.post("/api/admin/shipping/rates", { zoneId: everywhere, name: "Mine", kind: "free", minDays: 1, maxDays: 2 })).status).toBe(403);
    expect((await customer.post("/api/admin/shipping/test", { country: "US" })).status).toBe(403);
    expect((await createApiClient(server.url).delete(`/api/admin/shipping/zones/${everywhere}`)).status).toBe(401);
  });
});
