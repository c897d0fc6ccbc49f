import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderItems, orders, orderTaxLines, refunds, refundTaxLines, settings, taxRates, variants } from "../db/schema";
import { createApiClient } from "../test/api-client";
import { registerShopper } from "../test/accounts-helpers";
import { signedInAdmin } from "../test/admin-helpers";
import { startTestServer, type TestServer } from "../test/test-server";

let server: TestServer;
let admin: Awaited<ReturnType<typeof signedInAdmin>>;
let published = 0;

beforeAll(async () => {
  server = await startTestServer();
  admin = await signedInAdmin(server);
  server.services.catalogChanges.subscribe((change) => {
    if ("all" in change) published++;
  });
});
afterAll(() => server?.close());

type Overview = { zones: { id: number; name: string; regions: unknown[]; rates: { id: number; name: string; rateMilliPercent: number; percent: string; category: string | null }[] }[]; categories: { id: number; name: string; isDefault: boolean }[] };
const overview = async () => (await admin.get("/api/admin/tax")).body as Overview;
const zoneNamed = async (name: string) => (await overview()).zones.find((z) => z.name === name)!;
const audit = async (entity: string, id: number | string) => (await admin.get(`/api/admin/audit?entity=${entity}&entityId=${id}`)).body.entries.map((e: { action: string }) => e.action);

describe("tax zones, rates and the test panel", () => {
  let california: number;
  let bayArea: number;

  it("starts from the migration's seed: 8% everywhere, clothing the default category, manual tax", async () => {
    const body = (await admin.get("/api/admin/tax")).body;
    expect(body.settings).toEqual({ pricesIncludeTax: false, taxOnShipping: false, taxProvider: "manual", stripeConfigured: false });
    expect(body.categories).toMatchObject([{ name: "Clothing", stripeTaxCode: "txcd_30011000", isDefault: true }]);
    expect(body.zones).toMatchObject([{ name: "Everywhere", regions: [], rates: [{ name: "Sales tax", rateMilliPercent: 8000, percent: "8", taxCategoryId: null, category: null }] }]);
  });

  it("staff add California at 7.25% and the Bay Area (postcode 94) at 8.625%, stored exactly; each change audited and published", async () => {
    const before = published;
    const ca = await admin.post("/api/admin/tax/zones", { name: "California", regions: [{ country: "US", subdivision: "US-CA" }] });
    expect(ca.status).toBe(201);
    california = ca.body.id;
    const bay = await admin.post("/api/admin/tax/zones", { name: "Bay Area", regions: [{ country: "us", subdivision: "CA", postalPrefix: "94" }] });
    bayArea = bay.body.id;
    expect((await admin.post("/api/admin/tax/rates", { zoneId: california, name: "Sales tax", rate: 7.25 })).status).toBe(201);
    const rate = await admin.post("/api/admin/tax/rates", { zoneId: bayArea, name: "Sales tax", rate: "8.625", taxCategoryId: null });
    expect(rate.status).toBe(201);
    const [stored] = await server.database.db.select().from(taxRates).where(eq(taxRates.id, rate.body.id));
    expect(stored!.rateMilliPercent).toBe(8625);
    expect(await zoneNamed("Bay Area")).toMatchObject({ regions: [{ country: "US", subdivision: "US-CA", postalPrefix: "94" }], rates: [{ percent: "8.625" }] });
    expect(published).toBeGreaterThan(before);
    expect(await audit("zone", bayArea)).toEqual(["create"]);
    expect(await audit("tax_rate", rate.body.id)).toEqual(["create"]);
  });

  it("the test panel says the most specific zone wins, why, and the tax on the subtotal", async () => {
    const res = await admin.post("/api/admin/tax/test", { country: "US", state: "California", postalCode: "94103", subtotal: "100" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      address: "94103, California, United States",
      zone: "Bay Area",
      why: "Zone Bay Area (postcode prefix 94 in California) wins over California (California), Everywhere (everywhere)",
      categories: [{ category: "Clothing", rates: [{ name: "Sales tax", rate: "8.625%" }], reason: "Zone Bay Area's general rate" }],
      shipping: "Not taxed: tax on shipping is off",
      example: { subtotalCents: 10000, taxCents: 863, lines: [{ on: "subtotal", name: "Sales tax", rate: "8.625%", taxableCents: 10000, taxCents: 863 }] },
    });
    const la = (await admin.post("/api/admin/tax/test", { country: "US", state: "ca", postalCode: "90001", subtotal: 100 })).body;
    expect([la.zone, la.example.taxCents]).toEqual(["California", 725]);
    const london = (await admin.post("/api/admin/tax/test", { country: "GB", postalCode: "SW1A 1AA", subtotal: "10.00" })).body;
    expect([london.zone, london.why, london.example.taxCents]).toEqual(["Everywhere", "Zone Everywhere (everywhere) is the only zone that covers it", 80]);
  });

  it("the test panel lists every rate of every zone that covers the address: the one that applies, and why the others don't", async () => {
    // Everywhere 8 %, United States 5 %, California 7.25 %, postcode 94 8.625 %.
    const us = (await admin.post("/api/admin/tax/zones", { name: "United States", regions: [{ country: "US" }] })).body.id;
    await admin.post("/api/admin/tax/rates", { zoneId: us, name: "Federal", rate: 5 });
    const res = await admin.post("/api/admin/tax/test", { country: "US", state: "CA", postalCode: "94103", subtotal: 100 });
    expect(res.status).toBe(200);
    expect(res.body.why).toBe("Zone Bay Area (postcode prefix 94 in California) wins over California (California), United States (United States), Everywhere (everywhere)");
    const beaten = (over: string) => `Not applied: zone Bay Area is more specific for this address: postcode prefix 94 in California wins over ${over}`;
    expect(res.body.zones).toEqual([
      { id: bayArea, name: "Bay Area", wins: true, matchedBy: "postcode prefix 94 in California", rates: [{ id: expect.any(Number), name: "Sales tax", rate: "8.625%", applies: true, reason: "Applies to Clothing: zone Bay Area's general rate" }] },
      { id: california, name: "California", wins: false, matchedBy: "California", rates: [{ id: expect.any(Number), name: "Sales tax", rate: "7.25%", applies: false, reason: beaten("California") }] },
      { id: us, name: "United States", wins: false, matchedBy: "United States", rates: [{ id: expect.any(Number), name: "Federal", rate: "5%", applies: false, reason: beaten("United States") }] },
      { id: expect.any(Number), name: "Everywhere", wins: false, matchedBy: "everywhere", rates: [{ id: expect.any(Number), name: "Sales tax", rate: "8%", applies: false, reason: beaten("everywhere") }] },
    ]);
    expect(res.body.example.taxCents).toBe(863);
    // New York: United States wins over Everywhere; California and the Bay Area don't cover it, so they aren't listed.
    const ny = (await admin.post("/api/admin/tax/test", { country: "US", state: "NY", postalCode: "10001", subtotal: 100 })).body;
    expect(ny.zones.map((z: { name: string; rates: { applies: boolean; reason: string }[] }) => [z.name, z.rates[0]!.applies, z.rates[0]!.reason])).toEqual([
      ["United States", true, "Applies to Clothing: zone United States's general rate"],
      ["Everywhere", false, "Not applied: zone United States is more specific for this address: United States wins over everywhere"],
    ]);
    expect((await admin.delete(`/api/admin/tax/zones/${us}`)).status).toBe(204);
  });

  it("refuses a zone that would tie with another, with the reason", async () => {
    const same = await admin.post("/api/admin/tax/zones", { name: "Golden State", regions: [{ country: "US", subdivision: "US-NV" }, { country: "US", subdivision: "US-CA" }] });
    expect([same.status, same.body.message]).toEqual([409, "Zone California already has California; the same region in two zones would tie"]);
    const world = await admin.post("/api/admin/tax/zones", { name: "World", regions: [] });
    expect([world.status, world.body.message]).toEqual([409, "Zone Everywhere already covers everywhere; two such zones would tie"]);
    const moved = await admin.patch(`/api/admin/tax/zones/${bayArea}`, { regions: [{ country: "US", subdivision: "US-CA" }] });
    expect([moved.status, moved.body.message]).toEqual([409, "Zone California already has California; the same region in two zones would tie"]);
    const named = await admin.post("/api/admin/tax/zones", { name: "california", regions: [{ country: "US", subdivision: "US-OR" }] });
    expect([named.status, named.body.message]).toEqual([409, "There is already a tax zone named california"]);
    expect((await overview()).zones.map((z) => z.name)).toEqual(["Everywhere", "California", "Bay Area"]);
  });

  it("refuses bad input with a clear 400 and writes nothing", async () => {
    const before = await overview();
    const shippingZone = (await admin.get("/api/admin/shipping")).body.zones[0].id;
    const cases: [string, unknown, string][] = [
      ["/api/admin/tax/rates", { zoneId: california, name: "County", rate: -1 }, "Invalid tax rate: rate: must not be negative"],
      ["/api/admin/tax/rates", { zoneId: california, name: "County", rate: "86.25" }, "Invalid tax rate: rate: must be at most 30%: is 86.25% a typo?"],
      ["/api/admin/tax/rates", { zoneId: california, name: "County", rate: "1.2345" }, "Invalid tax rate: rate: must have at most 3 decimals, like 8.625"],
      ["/api/admin/tax/rates", { zoneId: california, name: "County", rate: 1, rateBps: 100 }, "Invalid tax rate: Unknown field: rateBps"],
      ["/api/admin/tax/rates", { zoneId: shippingZone, name: "County", rate: 1 }, "Zone Everywhere is a shipping zone, not a tax zone"],
      ["/api/admin/tax/rates", { zoneId: california, name: "County", rate: 1, taxCategoryId: 999 }, "Unknown tax category"],
      ["/api/admin/tax/rates", { zoneId: california, name: "Sales tax", rate: 1 }, "Zone California already has Sales tax for all categories"],
      ["/api/admin/tax/zones", { name: "France", regions: [{ country: "FR" }] }, "Invalid zone: regions.0.country: We only ship to the United States, Canada and the United Kingdom"],
      ["/api/admin/tax/zones", { name: "Nowhere", regions: [{ country: "US", subdivision: "US-ZZ" }] }, "Invalid zone: regions.0.subdivision: US-ZZ is not a state or province of United States"],
      ["/api/admin/tax/zones", { name: "Mixed", regions: [{ country: "US", subdivision: "CA-ON" }] }, "Invalid zone: regions.0.subdivision: CA-ON is not a state or province of United States"],
      ["/api/admin/tax/zones", { name: "Long", regions: [{ country: "GB", postalPrefix: "SW1A1AAXXXXX" }] }, "Invalid zone: regions.0.postalPrefix: must be 1-10 letters or digits, like 94 or SW1A"],
      ["/api/admin/tax/zones", { name: "", regions: [] }, "Invalid zone: name: must not be empty"],
      ["/api/admin/tax/test", { country: "US", state: "Narnia" }, "Invalid address: state: Narnia is not a state or province of United States"],
    ];
    for (const [path, body, message] of cases) {
      const res = await admin.post(path, body);
      expect([res.status, res.body.message], JSON.stringify(body)).toEqual([message.startsWith("Zone California") ? 409 : 400, message]);
    }
    expect((await admin.patch("/api/admin/tax/rates/999999", { rate: 5 })).status).toBe(404);
    expect((await admin.patch("/api/admin/tax/zones/abc", { name: "X" })).body.message).toBe("Invalid zone id: must be a positive whole number");
    expect(await overview()).toEqual(before);
  });

  it("changes and deletes a rate and a zone", async () => {
    const rateId = (await zoneNamed("California")).rates[0]!.id;
    const changed = await admin.patch(`/api/admin/tax/rates/${rateId}`, { rate: "7.5", name: "State tax" });
    expect(changed.status).toBe(200);
    expect(changed.body.zones.find((z: { id: number }) => z.id === california).rates).toMatchObject([{ name: "State tax", rateMilliPercent: 7500 }]);
    const extra = await admin.post("/api/admin/tax/zones", { name: "Oregon", regions: [{ country: "US", subdivision: "US-OR" }] });
    expect((await admin.delete(`/api/admin/tax/zones/${extra.body.id}`)).status).toBe(204);
    // The service itself tells every process (not only the HTTP layer), once the change has committed.
    const before = published;
    const direct = await server.services.taxAdmin.createZone({ input: { name: "Nevada", regions: [{ country: "US", subdivision: "US-NV", postalPrefix: null }] }, actor: "cli" });
    expect(published).toBe(before + 1);
    await server.services.taxAdmin.deleteZone({ id: direct.id, actor: "cli" });
    await admin.post("/api/admin/tax/test", { country: "US" });
    expect(published).toBe(before + 2); // the test panel only reads
    expect(await audit("zone", extra.body.id)).toEqual(["delete", "create"]);
    expect(await audit("tax_rate", rateId)).toEqual(["update", "create"]);
  });
});

describe("tax categories", () => {
  it("keep exactly one default; the default can't be deleted; a category's own rate wins in its zone", async () => {
    const exempt = await admin.post("/api/admin/tax/categories", { name: "Exempt", stripeTaxCode: "txcd_00000000" });
    expect(exempt.status).toBe(201);
    const california = (await zoneNamed("California")).id;
    await admin.post("/api/admin/tax/rates", { zoneId: california, name: "Sales tax", rate: 0, taxCategoryId: exempt.body.id });
    const test = (await admin.post("/api/admin/tax/test", { country: "US", state: "CA", postalCode: "90001", subtotal: 10 })).body;
    expect(test.categories).toEqual([
      { category: "Clothing", rates: [{ name: "State tax", rate: "7.5%" }], reason: "Zone California's general rate" },
      { category: "Exempt", rates: [{ name: "Sales tax", rate: "0%" }], reason: "Zone California has a rate for Exempt" },
    ]);

    const clothing = (await overview()).categories.find((c) => c.name === "Clothing")!;
    const refused = await admin.delete(`/api/admin/tax/categories/${clothing.id}`);
    expect([refused.status, refused.body.message]).toEqual([400, "Clothing is the default tax category: make another category the default before deleting it"]);
    const unset = await admin.patch(`/api/admin/tax/categories/${clothing.id}`, { isDefault: false });
    expect(unset.status).toBe(400);
    expect((await admin.patch(`/api/admin/tax/categories/${exempt.body.id}`, { isDefault: true })).status).toBe(200);
    expect((await overview()).categories.filter((c) => c.isDefault).map((c) => c.name)).toEqual(["Exempt"]);
    expect((await admin.post("/api/admin/tax/categories", { name: "exempt" })).status).toBe(409);
    expect((await admin.post("/api/admin/tax/categories", { name: "Odd", stripeTaxCode: "clothing" })).body.message).toBe("Invalid tax category: stripeTaxCode: must be a Stripe tax code like txcd_30011000");
    // The product editor's list still works.
    expect((await admin.get("/api/admin/tax-categories")).body.taxCategories[0]).toMatchObject({ name: "Exempt", isDefault: true });

    await admin.patch(`/api/admin/tax/categories/${clothing.id}`, { isDefault: true });
    expect((await admin.delete(`/api/admin/tax/categories/${exempt.body.id}`)).status).toBe(204);
    expect((await overview()).categories.map((c) => [c.name, c.isDefault])).toEqual([["Clothing", true]]);
    expect((await zoneNamed("California")).rates.map((r) => r.name)).toEqual(["State tax"]);
    expect(await audit("tax_category", exempt.body.id)).toEqual(["delete", "update", "create"]);
  });
});

describe("tax settings", () => {
  it("refuses Stripe Tax without Stripe, and taxes shipping once turned on", async () => {
    const stripe = await admin.put("/api/admin/tax/settings", { pricesIncludeTax: false, taxOnShipping: false, taxProvider: "stripe_tax" });
    expect([stripe.status, stripe.body.message]).toEqual([400, "Stripe Tax needs Stripe: set STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET and restart the store, then choose Stripe Tax"]);
    expect((await admin.put("/api/admin/tax/settings", { taxOnShipping: true })).body.message).toMatch(/^Invalid tax settings: /);
    const saved = await admin.put("/api/admin/tax/settings", { pricesIncludeTax: false, taxOnShipping: true, taxProvider: "manual" });
    expect([saved.status, saved.body]).toEqual([200, { pricesIncludeTax: false, taxOnShipping: true, taxProvider: "manual", stripeConfigured: false }]);
    const [row] = await server.database.db.select().from(settings);
    expect(row!.updatedBy).toMatch(/^staff:/);
    expect(await audit("setting", "tax")).toEqual(["update"]);

    // A flat $10 rate in a new shipping zone for Quebec, so the example has shipping to tax.
    const quebec = await admin.post("/api/admin/shipping/zones", { name: "Quebec", regions: [{ country: "CA", subdivision: "CA-QC" }] });
    await admin.post("/api/admin/shipping/rates", { zoneId: quebec.body.id, name: "Courier", kind: "flat", amountCents: 1000, minDays: 2, maxDays: 4 });
    const test = (await admin.post("/api/admin/tax/test", { country: "CA", state: "Quebec", postalCode: "H2X 1Y4", subtotal: "50" })).body;
    expect(test.shipping).toBe("Taxed at zone Everywhere's general rate");
    expect(test.example).toEqual({
      subtotalCents: 5000,
      shipping: { name: "Courier", priceCents: 1000 },
      included: false,
      lines: [
        { on: "subtotal", name: "Sales tax", rate: "8%", taxableCents: 5000, taxCents: 400 },
        { on: "shipping", name: "Sales tax", rate: "8%", taxableCents: 1000, taxCents: 80 },
      ],
      taxCents: 480,
    });
    await admin.put("/api/admin/tax/settings", { pricesIncludeTax: false, taxOnShipping: false, taxProvider: "manual" });
  });
});

describe("staff only", () => {
  it("customers get 403 and visitors 401, for reads and writes", async () => {
    const customer = createApiClient(server.url);
    await registerShopper(customer);
    const visitor = createApiClient(server.url);
    for (const client of [customer, visitor]) {
      const status = client === customer ? 403 : 401;
      expect((await client.get("/api/admin/tax")).status).toBe(status);
      expect((await client.post("/api/admin/tax/zones", { name: "Mine", regions: [{ country: "US", subdivision: "US-TX" }] })).status).toBe(status);
      expect((await client.put("/api/admin/tax/settings", { pricesIncludeTax: true, taxOnShipping: true, taxProvider: "manual" })).status).toBe(status);
      expect((await client.get("/api/admin/tax/report.csv")).status).toBe(status);
    }
    expect((await overview()).zones.map((z) => z.name)).not.toContain("Mine");
  });
});

describe("the tax report", () => {
  /** A paid order to an address with its tax lines (the checkout writes these; here the test does). */
  async function paidOrder({ paidAt, status = "paid", country, subdivision, lines }: { paidAt: Date | null; status?: string; country: string; subdivision: string | null; lines: { taxable: number; taxes: [string, number, number][] }[] }) {
    const { db } = server.database;
    const [variant] = await db.select().from(variants).limit(1);
    const n = Math.floor(Math.random() * 1e9);
    const [order] = await db
      .insert(orders)
      .values({
        orderNumber: `VS-9${n}`,
        status: status as "paid",
        email: "report@example.com",
        shippingName: "R",
        shippingLine1: "1 Main St",
        shippingCity: "Town",
        shippingRegion: subdivision ?? "",
        shippingPostalCode: "00000",
        shippingCountry: country,
        subtotalCents: 0,
        discountCents: 0,
        shippingCents: 0,
        taxCents: 0,
        totalCents: 100_000,
        cartFingerprint: `report-${n}`,
        paymentProvider: "test",
        reservationExpiresAt: new Date(),
        paidAt,
      })
      .returning();
    const taxLineIds: number[] = [];
    for (const line of lines) {
      const [item] = await db.insert(orderItems).values({ orderId: order!.id, productId: variant!.productId, variantId: variant!.id, name: "Tee", imageUrl: "/x.jpg", color: "Black", size: "M", unitPriceCents: line.taxable, quantity: 1 }).returning();
      for (const [name, rate, tax] of line.taxes) {
        const [taxLine] = await db
          .insert(orderTaxLines)
          .values({ orderId: order!.id, orderItemId: item!.id, name, rateMilliPercent: rate, taxableCents: line.taxable, taxCents: tax, jurisdiction: "test", country, subdivision })
          .returning();
        taxLineIds.push(taxLine!.id);
      }
    }
    return { orderId: order!.id, taxLineIds };
  }

  it("adds up tax per region per month of payment, less refunds in the month they were made, on the page and as CSV", async () => {
    const jan = new Date("2026-01-15T12:00:00Z");
    // California, January: two orders; the second has a state and a county rate on one line (its taxable counts once).
    await paidOrder({ paidAt: jan, country: "US", subdivision: "US-CA", lines: [{ taxable: 10_000, taxes: [["Sales tax", 7250, 725]] }] });
    const second = await paidOrder({ paidAt: new Date("2026-01-31T23:59:00Z"), country: "US", subdivision: "US-CA", lines: [{ taxable: 5000, taxes: [["State tax", 6000, 300], ["County tax", 1250, 63]] }] });
    // Half the second order's line was refunded in February, at both rates: February's, and its taxable counts once.
    const [refund] = await server.database.db.insert(refunds).values({ orderId: second.orderId, amountCents: 2681, reason: "Damaged", actor: "staff:test", createdAt: new Date("2026-02-03T10:00:00Z") }).returning();
    await server.database.db.insert(refundTaxLines).values([
      { refundId: refund!.id, orderTaxLineId: second.taxLineIds[0]!, taxCents: 150, taxableCents: 2500 },
      { refundId: refund!.id, orderTaxLineId: second.taxLineIds[1]!, taxCents: 31, taxableCents: 2500 },
    ]);
    // February 1st (UTC) is February; the UK order has no subdivision.
    await paidOrder({ paidAt: new Date("2026-02-01T00:00:00Z"), country: "US", subdivision: "US-CA", lines: [{ taxable: 2000, taxes: [["Sales tax", 7250, 145]] }] });
    await paidOrder({ paidAt: jan, country: "GB", subdivision: null, lines: [{ taxable: 1000, taxes: [["VAT", 20000, 200]] }] });
    // Not counted: unpaid, failed, canceled, and outside the months asked for.
    await paidOrder({ paidAt: null, status: "pending", country: "US", subdivision: "US-CA", lines: [{ taxable: 9999, taxes: [["Sales tax", 7250, 725]] }] });
    await paidOrder({ paidAt: jan, status: "canceled", country: "US", subdivision: "US-CA", lines: [{ taxable: 9999, taxes: [["Sales tax", 7250, 725]] }] });
    await paidOrder({ paidAt: jan, status: "failed", country: "US", subdivision: "US-CA", lines: [{ taxable: 9999, taxes: [["Sales tax", 7250, 725]] }] });
    await paidOrder({ paidAt: new Date("2025-12-31T23:59:59Z"), country: "US", subdivision: "US-CA", lines: [{ taxable: 9999, taxes: [["Sales tax", 7250, 725]] }] });

    const report = await admin.get("/api/admin/tax/report?from=2026-01&to=2026-02");
    expect(report.status).toBe(200);
    expect(report.body).toEqual({
      from: "2026-01",
      to: "2026-02",
      rows: [
        { month: "2026-02", country: "US", subdivision: "US-CA", region: "California, United States", orders: 1, taxableCents: 2000, taxCents: 145, refundedTaxableCents: 2500, refundedCents: 181, netTaxableCents: -500, netCents: -36 },
        { month: "2026-01", country: "GB", subdivision: null, region: "United Kingdom", orders: 1, taxableCents: 1000, taxCents: 200, refundedTaxableCents: 0, refundedCents: 0, netTaxableCents: 1000, netCents: 200 },
        { month: "2026-01", country: "US", subdivision: "US-CA", region: "California, United States", orders: 2, taxableCents: 15_000, taxCents: 1088, refundedTaxableCents: 0, refundedCents: 0, netTaxableCents: 15_000, netCents: 1088 },
      ],
      totals: { taxableCents: 18_000, taxCents: 1433, refundedTaxableCents: 2500, refundedCents: 181, netTaxableCents: 15_500, netCents: 1252 },
    });

    const csv = await admin.get("/api/admin/tax/report.csv?from=2026-01&to=2026-02");
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(csv.headers.get("content-disposition")).toBe('attachment; filename="tax-2026-01-to-2026-02.csv"');
    expect(csv.text.trim().split("\n")).toEqual([
      "Month,Country,State or province,Region code,Orders,Taxable (USD),Tax collected (USD),Taxable refunded (USD),Tax refunded (USD),Net taxable (USD),Net tax (USD)",
      "2026-02,US,California,US-CA,1,20.00,1.45,25.00,1.81,-5.00,-0.36",
      "2026-01,GB,,,1,10.00,2.00,0.00,0.00,10.00,2.00",
      "2026-01,US,California,US-CA,2,150.00,10.88,0.00,0.00,150.00,10.88",
    ]);
    expect((await admin.get("/api/admin/tax/report?from=2026-03&to=2026-01")).body.message).toBe("Invalid report: from must not come after to");
    expect((await admin.get("/api/admin/tax/report?month=2026-01")).body.message).toBe("Invalid report: Unknown field: month");
  });
});
