import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderItems, orders, orderTaxLines, refunds, refundTaxLines, returns, variants } from "../db/schema";
import { signedInAdmin, signedInStaff } from "../test/admin-helpers";
import { startTestServer, type TestServer } from "../test/test-server";

/**
 * Sales over time (issue 52) against a month of orders built by hand, March 2025 in New York (the seeded legal address
 * is in Brooklyn and no zone is set). Every figure below was worked out on paper from the orders and refunds listed.
 */
let server: TestServer;
let admin: Awaited<ReturnType<typeof signedInAdmin>>;

type Line = { price: number; quantity: number; discount?: number; tax: number; giftCard?: boolean };
let n = 0;
/** A paid order as checkout stores it, with a tax line per order line (so refunds can give tax back). */
async function order({ email, paidAt, lines, shipping = 0, status = "paid", refunded = 0 }: { email: string; paidAt: string | null; lines: Line[]; shipping?: number; status?: string; refunded?: number }) {
  const { db } = server.database;
  const [variant] = await db.select().from(variants).limit(1);
  const subtotal = lines.reduce((s, l) => s + l.price * l.quantity, 0);
  const discount = lines.reduce((s, l) => s + (l.discount ?? 0), 0);
  const tax = lines.reduce((s, l) => s + l.tax, 0);
  const [row] = await db
    .insert(orders)
    .values({
      orderNumber: `VS-8${++n}${Date.now() % 100000}`,
      status: status as "paid",
      email,
      shippingName: "R",
      shippingLine1: "1 Main St",
      shippingCity: "Town",
      shippingRegion: "NY",
      shippingPostalCode: "10001",
      shippingCountry: "US",
      discountCode: discount ? "TENOFF" : null,
      subtotalCents: subtotal,
      discountCents: discount,
      shippingCents: shipping,
      taxCents: tax,
      totalCents: subtotal - discount + shipping + tax,
      refundedCents: refunded,
      cartFingerprint: `sales-${n}`,
      paymentProvider: "test",
      reservationExpiresAt: new Date(),
      paidAt: paidAt ? new Date(paidAt) : null,
    })
    .returning();
  const taxLineIds: number[] = [];
  for (const l of lines) {
    const [item] = await db
      .insert(orderItems)
      .values({ orderId: row!.id, productId: variant!.productId, variantId: variant!.id, name: "Tee", imageUrl: "/x.jpg", color: "Black", size: "M", unitPriceCents: l.price, quantity: l.quantity, discountCents: l.discount ?? 0, giftCard: l.giftCard ?? false })
      .returning();
    const [taxLine] = await db
      .insert(orderTaxLines)
      .values({ orderId: row!.id, orderItemId: item!.id, name: "Sales tax", rateMilliPercent: 8000, taxableCents: l.price * l.quantity - (l.discount ?? 0), taxCents: l.tax, jurisdiction: "test", country: "US", subdivision: "US-NY" })
      .returning();
    taxLineIds.push(taxLine!.id);
  }
  return { id: row!.id, taxLineIds };
}

/** A refund made at `at`, giving back `tax` of the order's first tax line (within its amount). */
async function refund(o: { id: string; taxLineIds: number[] }, { at, amount, tax, returnId }: { at: string; amount: number; tax: number; returnId?: string }) {
  const { db } = server.database;
  const [row] = await db.insert(refunds).values({ orderId: o.id, amountCents: amount, reason: "Test", actor: "staff:test", returnId, status: "issued", createdAt: new Date(at) }).returning();
  await db.insert(refundTaxLines).values({ refundId: row!.id, orderTaxLineId: o.taxLineIds[0]!, taxCents: tax, taxableCents: 0 });
}

const ZERO = { grossSalesCents: 0, giftCardSalesCents: 0, discountsCents: 0, returnsCents: 0, netSalesCents: 0, shippingCents: 0, taxCents: 0, totalSalesCents: 0, orders: 0, units: 0, averageOrderValueCents: 0, newCustomers: 0, returningCustomers: 0 };

beforeAll(async () => {
  server = await startTestServer();
  admin = await signedInAdmin(server);
  // February: Alice's first order (5000 + 400 tax), and Grace's at 23:59 on the 28th in New York (04:59 UTC on 1 March).
  const aliceFeb = await order({ email: "alice@example.com", paidAt: "2025-02-10T17:00:00Z", lines: [{ price: 5000, quantity: 1, tax: 400 }] });
  await order({ email: "grace@example.com", paidAt: "2025-03-01T04:59:00Z", lines: [{ price: 9999, quantity: 1, tax: 800 }] });
  // 3 March: Alice again (returning), with a 10% code: 2 tees at 25.00 and a hoodie at 60.00, shipped free, 8% tax.
  const alice = await order({
    email: "Alice@Example.com",
    paidAt: "2025-03-03T15:00:00Z",
    lines: [
      { price: 2500, quantity: 2, discount: 500, tax: 360 },
      { price: 6000, quantity: 1, discount: 600, tax: 432 },
    ],
  });
  // 5 March: Dave, 2 at 35.00, free shipping; one comes back as a return refunded on the 25th.
  const dave = await order({ email: "dave@example.com", paidAt: "2025-03-05T18:00:00Z", lines: [{ price: 3500, quantity: 2, tax: 560 }] });
  // Either side of midnight in New York: Bob at 23:30 on the 14th (the 15th in UTC), Carol at 00:30 on the 15th; 8.00 shipping each.
  await order({ email: "bob@example.com", paidAt: "2025-03-15T03:30:00Z", lines: [{ price: 4000, quantity: 1, tax: 320 }], shipping: 800 });
  const carol = await order({ email: "carol@example.com", paidAt: "2025-03-15T04:30:00Z", lines: [{ price: 1000, quantity: 3, tax: 240 }], shipping: 800, status: "refunded", refunded: 4040 });
  // Frank at 23:59 on 31 March in New York (1 April in UTC).
  await order({ email: "frank@example.com", paidAt: "2025-04-01T03:59:00Z", lines: [{ price: 2000, quantity: 1, tax: 160 }] });
  // Not sales: a canceled order, an unpaid one, a failed one.
  await order({ email: "eve@example.com", paidAt: "2025-03-06T15:00:00Z", lines: [{ price: 7777, quantity: 1, tax: 622 }], status: "canceled" });
  await order({ email: "eve@example.com", paidAt: null, lines: [{ price: 7777, quantity: 1, tax: 622 }], status: "pending" });
  await order({ email: "eve@example.com", paidAt: "2025-03-06T16:00:00Z", lines: [{ price: 7777, quantity: 1, tax: 622 }], status: "failed" });

  // Refunds, each counted in the week it was made: one of Alice's tees (25.00 less its 2.50 discount, plus 1.80 tax)...
  await refund(alice, { at: "2025-03-10T14:00:00Z", amount: 2430, tax: 180 });
  // ...all of Carol's order, shipping and tax included...
  await refund(carol, { at: "2025-03-20T16:00:00Z", amount: 4040, tax: 240 });
  // ...Dave's returned unit...
  const [ret] = await server.database.db.insert(returns).values({ returnNumber: "VS-RET-1", orderId: dave.id, status: "received", reason: "Too small", refundCents: 3780 }).returning();
  await refund(dave, { at: "2025-03-25T15:00:00Z", amount: 3780, tax: 280, returnId: ret!.id });
  // ...and part of Alice's February order, refunded in March: March's return, not February's.
  await refund(aliceFeb, { at: "2025-03-28T12:00:00Z", amount: 1080, tax: 80 });
});
afterAll(() => server?.close());

const MARCH_TOTALS = {
  grossSalesCents: 27_000,
  giftCardSalesCents: 0,
  discountsCents: 1100,
  returnsCents: 9750,
  netSalesCents: 16_150,
  shippingCents: 800,
  taxCents: 1292,
  totalSalesCents: 18_242,
  orders: 5,
  units: 10,
  averageOrderValueCents: 5180,
  newCustomers: 4,
  returningCustomers: 1,
};

describe("GET /api/admin/reports/sales", () => {
  it("adds up a month by week in the store's zone, refunds in the week they were made, and compares with the period before", async () => {
    const res = await admin.get("/api/admin/reports/sales?from=2025-03-01&to=2025-03-31&groupBy=week&compare=previous");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      from: "2025-03-01",
      to: "2025-03-31",
      timeZone: "America/New_York",
      groupBy: "week",
      rows: [
        // ISO weeks, cut by the period's ends; Grace's order at 23:59 on 28 February is February's.
        { periodStart: "2025-03-01", periodEnd: "2025-03-02", ...ZERO },
        // Alice (returning) and Dave (new).
        {
          periodStart: "2025-03-03",
          periodEnd: "2025-03-09",
          ...{ grossSalesCents: 18_000, giftCardSalesCents: 0, discountsCents: 1100, returnsCents: 0, netSalesCents: 16_900, shippingCents: 0, taxCents: 1352, totalSalesCents: 18_252 },
          ...{ orders: 2, units: 5, averageOrderValueCents: 8450, newCustomers: 1, returningCustomers: 1 },
        },
        // Bob and Carol (new), and the refund of Alice's tee.
        {
          periodStart: "2025-03-10",
          periodEnd: "2025-03-16",
          ...{ grossSalesCents: 7000, giftCardSalesCents: 0, discountsCents: 0, returnsCents: 2250, netSalesCents: 4750, shippingCents: 1600, taxCents: 380, totalSalesCents: 6730 },
          ...{ orders: 2, units: 4, averageOrderValueCents: 3500, newCustomers: 2, returningCustomers: 0 },
        },
        // Carol's whole refund: 30.00 of goods back in returns, its 8.00 shipping and 2.40 tax in theirs.
        { periodStart: "2025-03-17", periodEnd: "2025-03-23", ...ZERO, returnsCents: 3000, netSalesCents: -3000, shippingCents: -800, taxCents: -240, totalSalesCents: -4040 },
        // Dave's return and the refund on Alice's February order.
        { periodStart: "2025-03-24", periodEnd: "2025-03-30", ...ZERO, returnsCents: 4500, netSalesCents: -4500, taxCents: -360, totalSalesCents: -4860 },
        // Frank, at 23:59 on the 31st in New York.
        { periodStart: "2025-03-31", periodEnd: "2025-03-31", ...ZERO, grossSalesCents: 2000, netSalesCents: 2000, taxCents: 160, totalSalesCents: 2160, orders: 1, units: 1, averageOrderValueCents: 2000, newCustomers: 1 },
      ],
      totals: MARCH_TOTALS,
      compare: {
        compare: "previous",
        // The 31 days before: Alice's first order and Grace's; (14999 / 2) rounds to 7500.
        from: "2025-01-29",
        to: "2025-02-28",
        rows: expect.any(Array),
        totals: { ...ZERO, grossSalesCents: 14_999, netSalesCents: 14_999, taxCents: 1200, totalSalesCents: 16_199, orders: 2, units: 2, averageOrderValueCents: 7500, newCustomers: 2 },
      },
    });
    // Money in less money out in March: 295.72 paid, 113.30 refunded.
    expect(MARCH_TOTALS.totalSalesCents).toBe(10_692 + 5120 + 4040 + 7560 + 2160 - (2430 + 4040 + 3780 + 1080));
    expect(res.body.compare.rows.map((r: { periodStart: string }) => r.periodStart)).toEqual(["2025-01-29", "2025-02-03", "2025-02-10", "2025-02-17", "2025-02-24"]);
  });

  it("counts gift cards sold as a liability, apart: not in gross, net or total sales, nor in units or the average order", async () => {
    // May 2025, out of the other tests' months: a $40.00 tee (tax $3.20) and two $50.00 gift cards (never taxed) in one order.
    await order({ email: "gifts@example.com", paidAt: "2025-05-10T15:00:00Z", lines: [{ price: 4000, quantity: 1, tax: 320 }, { price: 5000, quantity: 2, tax: 0, giftCard: true }] });
    const res = await admin.get("/api/admin/reports/sales?from=2025-05-01&to=2025-05-31&groupBy=month");
    expect(res.status).toBe(200);
    expect(res.body.totals).toEqual({ ...ZERO, grossSalesCents: 4000, giftCardSalesCents: 10_000, netSalesCents: 4000, taxCents: 320, totalSalesCents: 4320, orders: 1, units: 1, averageOrderValueCents: 4000, newCustomers: 1 });
  });

  it("gives every day its own row, Bob's order on the 14th and Carol's on the 15th, and the same totals", async () => {
    const res = await admin.get("/api/admin/reports/sales?from=2025-03-01&to=2025-03-31&groupBy=day");
    expect(res.status).toBe(200);
    expect(res.body.rows).toHaveLength(31);
    expect(res.body.totals).toEqual(MARCH_TOTALS);
    const day = (d: string) => res.body.rows.find((r: { periodStart: string }) => r.periodStart === `2025-03-${d}`);
    expect(day("14")).toMatchObject({ periodEnd: "2025-03-14", orders: 1, grossSalesCents: 4000, shippingCents: 800, newCustomers: 1 });
    expect(day("15")).toMatchObject({ orders: 1, grossSalesCents: 3000, units: 3 });
    expect(day("01")).toEqual({ periodStart: "2025-03-01", periodEnd: "2025-03-01", ...ZERO });
  });

  it("by month, and against the same month a year earlier (empty)", async () => {
    const res = await admin.get("/api/admin/reports/sales?from=2025-02-01&to=2025-03-31&groupBy=month&compare=year");
    expect(res.status).toBe(200);
    expect(res.body.rows.map((r: { periodStart: string; periodEnd: string }) => [r.periodStart, r.periodEnd])).toEqual([
      ["2025-02-01", "2025-02-28"],
      ["2025-03-01", "2025-03-31"],
    ]);
    expect(res.body.rows[1]).toEqual({ periodStart: "2025-03-01", periodEnd: "2025-03-31", ...MARCH_TOTALS });
    // Alice is new in February and returning in March; over both months she is one new customer.
    expect(res.body.totals).toMatchObject({ orders: 7, newCustomers: 6, returningCustomers: 0 });
    expect(res.body.compare).toMatchObject({ compare: "year", from: "2024-02-01", to: "2024-03-31", totals: ZERO });
  });

  it("follows the time zone staff set: in UTC Bob's and Carol's orders are both the 15th's, and Frank's April's", async () => {
    const settings = (await admin.get("/api/admin/settings")).body;
    const fields = ["storeName", "legalName", "addressLine1", "addressLine2", "city", "region", "postalCode", "country", "supportEmail", "phone", "senderName", "senderEmail", "socialLinks"];
    const body = Object.fromEntries(fields.map((f) => [f, settings[f] ?? ""]));
    expect(settings.timeZone).toBeNull();
    const bad = await admin.put("/api/admin/settings", { ...body, timeZone: "Mars/Olympus_Mons" });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([{ field: "timeZone", message: "Time zone: choose a zone such as America/New_York" }]);
    expect((await admin.put("/api/admin/settings", { ...body, timeZone: "UTC" })).body.timeZone).toBe("UTC");
    try {
      const res = await admin.get("/api/admin/reports/sales?from=2025-03-14&to=2025-03-31");
      expect(res.body.timeZone).toBe("UTC");
      expect(res.body.rows[0]).toEqual({ periodStart: "2025-03-14", periodEnd: "2025-03-14", ...ZERO });
      expect(res.body.rows[1]).toMatchObject({ orders: 2, grossSalesCents: 7000 });
      expect(res.body.rows.at(-1)).toMatchObject({ periodStart: "2025-03-31", orders: 0 });
      // A PUT without timeZone (an older client) leaves it as it is.
      expect((await admin.put("/api/admin/settings", body)).body.timeZone).toBe("UTC");
    } finally {
      expect((await admin.put("/api/admin/settings", { ...body, timeZone: null })).body.timeZone).toBeNull();
    }
  });

  it("answers 400 naming the field for a period that runs backwards or past five years, and for unknown values or fields", async () => {
    const bad = async (query: string) => {
      const res = await admin.get(`/api/admin/reports/sales?${query}`);
      expect(res.status, query).toBe(400);
      return res.body;
    };
    expect(await bad("from=2025-03-10&to=2025-03-01")).toMatchObject({ message: "Invalid report: to: must be on or after from (2025-03-10)", errors: [{ field: "to" }] });
    expect(await bad("from=2020-01-01&to=2025-01-01")).toMatchObject({ message: "Invalid report: to: the period can be at most 5 years (to before 2025-01-01)", errors: [{ field: "to" }] });
    expect((await admin.get("/api/admin/reports/sales?from=2020-01-01&to=2024-12-31&groupBy=month")).status).toBe(200);
    expect((await bad("groupBy=hour")).message).toBe("Invalid report: groupBy: must be day, week or month");
    expect((await bad("compare=lastweek")).message).toBe("Invalid report: compare: must be previous or year");
    expect((await bad("from=2025-02-30")).message).toBe("Invalid report: from: is not a calendar date");
    expect((await bad("from=March")).message).toBe("Invalid report: from: must be a date as YYYY-MM-DD");
    expect((await bad("metric=sales")).message).toBe("Invalid report: Unknown field: metric");
    expect((await bad("from=2025-03-01&from=2025-03-02")).message).toMatch(/^Invalid report: from: /);
    const csv = await admin.get("/api/admin/reports/sales.csv?from=2025-03-10&to=2025-03-01");
    expect(csv.status).toBe(400);
    expect(csv.body.message).toMatch(/to: must be on or after from/);
  });

  it("is for Owners and Managers: Fulfilment and Content editors get 403", async () => {
    for (const [role, status] of [["manager", 200], ["fulfilment", 403], ["content_editor", 403]] as const) {
      const { client } = await signedInStaff(server, role);
      expect((await client.get("/api/admin/reports/sales")).status, role).toBe(status);
      expect((await client.get("/api/admin/reports/sales.csv")).status, role).toBe(status);
    }
  });
});

describe("GET /api/admin/reports/sales.csv", () => {
  it("streams a header and a row per period in dollars, then the compared period's rows", async () => {
    const res = await admin.get("/api/admin/reports/sales.csv?from=2025-03-01&to=2025-03-31&groupBy=week&compare=previous");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="vsop-apparel-sales-2025-03-01-to-2025-03-31.csv"');
    const lines = res.text.trim().split("\n");
    expect(lines.slice(0, 7)).toEqual([
      "Series,Period start,Period end,Gross sales (USD),Discounts (USD),Returns (USD),Net sales (USD),Shipping (USD),Taxes (USD),Total sales (USD),Orders,Units,Average order value (USD),New customers,Returning customers",
      "current,2025-03-01,2025-03-02,0.00,0.00,0.00,0.00,0.00,0.00,0.00,0,0,0.00,0,0",
      "current,2025-03-03,2025-03-09,180.00,11.00,0.00,169.00,0.00,13.52,182.52,2,5,84.50,1,1",
      "current,2025-03-10,2025-03-16,70.00,0.00,22.50,47.50,16.00,3.80,67.30,2,4,35.00,2,0",
      "current,2025-03-17,2025-03-23,0.00,0.00,30.00,-30.00,-8.00,-2.40,-40.40,0,0,0.00,0,0",
      "current,2025-03-24,2025-03-30,0.00,0.00,45.00,-45.00,0.00,-3.60,-48.60,0,0,0.00,0,0",
      "current,2025-03-31,2025-03-31,20.00,0.00,0.00,20.00,0.00,1.60,21.60,1,1,20.00,1,0",
    ]);
    expect(lines.slice(7).map((l) => l.split(",").slice(0, 2).join(","))).toEqual(["comparison,2025-01-29", "comparison,2025-02-03", "comparison,2025-02-10", "comparison,2025-02-17", "comparison,2025-02-24"]);
  });
});
