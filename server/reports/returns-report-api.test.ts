import { asc, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderItems, orders, products, returnItems, returns, reviews, users, variants } from "../db/schema";
import { signedInAdmin, signedInStaff } from "../test/admin-helpers";
import { startTestServer, type TestServer } from "../test/test-server";
import { returnReasonKind } from "../../shared/return-reasons";

/**
 * Returns by reason and fit (issue 52), against June 2025 in New York built by hand: P1 with sizes A and B, P2 with
 * size C. Every figure below was worked out on paper from these orders, returns and reviews.
 */
let server: TestServer;
let admin: Awaited<ReturnType<typeof signedInAdmin>>;
type Variant = { id: number; productId: number; color: string; size: string };
let A: Variant, B: Variant, C: Variant;
let p1: { id: number; name: string }, p2: { id: number; name: string };
const JUNE = "from=2025-06-01&to=2025-06-30";

let n = 0;
async function order(paidAt: string, lines: [Variant, number][], status = "paid") {
  const { db } = server.database;
  const subtotal = lines.reduce((s, [, q]) => s + 1000 * q, 0);
  const [row] = await db
    .insert(orders)
    .values({
      orderNumber: `VS-8${++n}${Date.now() % 100000}`,
      status: status as "paid",
      email: `buyer${n}@example.com`,
      ...{ shippingName: "R", shippingLine1: "1 Main St", shippingCity: "Town", shippingRegion: "NY", shippingPostalCode: "10001", shippingCountry: "US" },
      ...{ subtotalCents: subtotal, discountCents: 0, shippingCents: 0, taxCents: 0, totalCents: subtotal },
      ...{ cartFingerprint: `returns-${n}`, paymentProvider: "test", reservationExpiresAt: new Date(), paidAt: new Date(paidAt) },
    })
    .returning();
  const items = [];
  for (const [v, quantity] of lines) {
    const [item] = await db.insert(orderItems).values({ orderId: row!.id, productId: v.productId, variantId: v.id, name: "Snapshot", imageUrl: "/x.jpg", color: v.color, size: v.size, unitPriceCents: 1000, quantity }).returning();
    items.push(item!.id);
  }
  return { id: row!.id, items };
}

async function returned(o: { id: string; items: number[] }, at: string, reason: string, lines: [number, number][], status: "requested" | "approved" | "refused" | "received" = "requested") {
  const { db } = server.database;
  const [row] = await db.insert(returns).values({ returnNumber: `R-${++n}`, orderId: o.id, status, reason, createdAt: new Date(at) }).returning();
  await db.insert(returnItems).values(lines.map(([line, quantity]) => ({ returnId: row!.id, orderItemId: o.items[line]!, quantity })));
}

async function review(v: Variant, fit: "small" | "true" | "large" | null, status: "published" | "pending" = "published") {
  const { db } = server.database;
  const [user] = await db.insert(users).values({ username: `fit${++n}`, email: `fit${n}@example.com`, name: "F", passwordHash: "x" }).returning();
  await db.insert(reviews).values({ productId: v.productId, userId: user!.id, size: v.size, color: v.color, rating: 4, title: "Fine", body: "Fine.", fit, authorName: "F. T.", status });
}

beforeAll(async () => {
  server = await startTestServer();
  admin = await signedInAdmin(server);
  const { db } = server.database;
  const all = await db.select().from(products).where(eq(products.status, "active")).orderBy(asc(products.id));
  [p1, p2] = [all[0]!, all[1]!];
  const v1 = await db.select().from(variants).where(eq(variants.productId, p1.id)).orderBy(asc(variants.id));
  A = v1[0]!;
  B = v1.find((v) => v.size !== A.size)!;
  C = (await db.select().from(variants).where(eq(variants.productId, p2.id)).orderBy(asc(variants.id)))[0]!;
  await db.delete(reviews).where(inArray(reviews.productId, [p1.id, p2.id]));

  // May: B × 3, one of them sent back in June.
  const may = await order("2025-05-20T16:00:00Z", [[B, 3]]);
  // June: O1 A × 4 and B × 2; O2 A × 1 and C × 5; a canceled order sells nothing.
  const o1 = await order("2025-06-03T16:00:00Z", [[A, 4], [B, 2]]);
  const o2 = await order("2025-06-10T16:00:00Z", [[A, 1], [C, 5]]);
  await order("2025-06-11T16:00:00Z", [[A, 9]], "canceled");
  await returned(o1, "2025-06-08T16:00:00Z", "Too small in the shoulders", [[0, 2]], "approved");
  await returned(o1, "2025-06-09T16:00:00Z", "  Too small in the shoulders ", [[1, 1]], "received");
  // 23:30 on 30 June in New York: June's.
  await returned(may, "2025-07-01T03:30:00Z", "Arrived damaged", [[0, 1]]);
  await returned(o2, "2025-06-15T16:00:00Z", "Way too big", [[1, 2]]);
  // Refused: not a return. 00:30 on 1 July in New York: July's.
  await returned(o2, "2025-06-16T16:00:00Z", "Changed my mind", [[0, 1]], "refused");
  await returned(o2, "2025-07-01T04:30:00Z", "Didn't like the colour", [[1, 1]]);

  // Fit: P1's A runs small (3 of 3), B split; P2 one each way (too few to say). Pending and fit-less reviews don't count.
  for (const fit of ["small", "small", "small"] as const) await review(A, fit);
  for (const fit of ["small", "true"] as const) await review(B, fit);
  for (const fit of ["true", "large", null] as const) await review(C, fit);
  await review(C, "large", "pending");
});
afterAll(() => server?.close());

const reasons = (tooSmall: number, tooLarge: number, fit: number, other: number) => ({ tooSmall, tooLarge, fit, other });
const fit = (small: number, trueToSize: number, large: number, verdict: string | null) => ({ small, true: trueToSize, large, total: small + trueToSize + large, verdict });

describe("GET /api/admin/reports/returns", () => {
  it("per product: return rate, reasons sorted by what they say about size, and the buyers' fit beside them", async () => {
    const res = await admin.get(`/api/admin/reports/returns?${JUNE}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ from: "2025-06-01", to: "2025-06-30", timeZone: "America/New_York", groupBy: "product", rowCount: 2, offset: 0, limit: null });
    expect(res.body.rows).toEqual([
      // 7 sold, 4 back (3 too small, 1 damaged): 57.1%, 75% about size; 4 of 5 buyers say it runs small.
      { key: String(p1.id), name: p1.name, product: p1.name, size: null, unitsSold: 7, unitsReturned: 4, returnRatePercent: 57.1, reasons: reasons(3, 0, 0, 1), sizeReasonPercent: 75, topReason: "Too small in the shoulders", fit: fit(4, 1, 0, "small") },
      { key: String(p2.id), name: p2.name, product: p2.name, size: null, unitsSold: 5, unitsReturned: 2, returnRatePercent: 40, reasons: reasons(0, 2, 0, 0), sizeReasonPercent: 100, topReason: "Way too big", fit: fit(0, 1, 1, null) },
    ]);
    expect(res.body.totals).toEqual({ unitsSold: 12, unitsReturned: 6, returnRatePercent: 50, reasons: reasons(3, 2, 0, 1), sizeReasonPercent: 83.3, topReason: "Too small in the shoulders", fit: fit(4, 2, 1, "small") });
  });

  it("per size: the most returned first, then the highest rate; a page of rows keeps the totals of all", async () => {
    const res = await admin.get(`/api/admin/reports/returns?${JUNE}&groupBy=size`);
    const row = (v: Variant, figures: object) => ({ key: `${v.productId}:${v.size}`, name: `${v.productId === p1.id ? p1.name : p2.name} — ${v.size}`, product: v.productId === p1.id ? p1.name : p2.name, size: v.size, ...figures });
    const a = row(A, { unitsSold: 5, unitsReturned: 2, returnRatePercent: 40, reasons: reasons(2, 0, 0, 0), sizeReasonPercent: 100, topReason: "Too small in the shoulders", fit: fit(3, 0, 0, "small") });
    // A tie of reasons goes to the first alphabetically.
    const b = row(B, { unitsSold: 2, unitsReturned: 2, returnRatePercent: 100, reasons: reasons(1, 0, 0, 1), sizeReasonPercent: 50, topReason: "Arrived damaged", fit: fit(1, 1, 0, null) });
    const c = row(C, { unitsSold: 5, unitsReturned: 2, returnRatePercent: 40, reasons: reasons(0, 2, 0, 0), sizeReasonPercent: 100, topReason: "Way too big", fit: fit(0, 1, 1, null) });
    expect(res.body.rows).toEqual([b, ...[a, c].sort((x, y) => x.name.localeCompare(y.name))]);
    const page = await admin.get(`/api/admin/reports/returns?${JUNE}&groupBy=size&limit=1&offset=1`);
    expect(page.body).toMatchObject({ rowCount: 3, offset: 1, limit: 1, rows: [res.body.rows[1]], totals: res.body.totals });
  });

  it("compares with the 30 days before (2 to 31 May), and streams CSV", async () => {
    const res = await admin.get(`/api/admin/reports/returns?${JUNE}&compare=previous`);
    expect(res.body.compare).toMatchObject({ compare: "previous", from: "2025-05-02", to: "2025-05-31", totals: { unitsSold: 3, unitsReturned: 0, returnRatePercent: 0, sizeReasonPercent: null, topReason: null } });
    const csv = await admin.get(`/api/admin/reports/returns.csv?${JUNE}&compare=previous`);
    expect(csv.status).toBe(200);
    const lines = csv.text.trim().split("\n");
    expect(lines[0]).toBe("Series,Product,Size,Units sold,Units returned,Return rate (%),Too small,Too large,Other size or fit,Other reasons,Size or fit reasons (%),Top reason,Reviews: runs small,Reviews: true to size,Reviews: runs large,Fit verdict");
    expect(lines[1]).toBe(`current,${p1.name},,7,4,57.1,3,0,0,1,75,Too small in the shoulders,4,1,0,small`);
    expect(lines.filter((l) => l.startsWith("comparison,"))).toEqual([`comparison,${p1.name},,3,0,0,0,0,0,0,,,4,1,0,small`]);
  });

  it("sorts a shopper's words by what they say about size", () => {
    expect(["Too small in the waist", "A size too BIG", "The fit is odd", "Sleeves too long", "Wrong colour"].map(returnReasonKind)).toEqual(["tooSmall", "tooLarge", "fit", "fit", "other"]);
  });
});

describe("long reports page their rows", () => {
  it("sell-through takes limit and offset; the totals stay the whole report's", async () => {
    const whole = (await admin.get(`/api/admin/reports/sell-through?${JUNE}`)).body;
    const page = (await admin.get(`/api/admin/reports/sell-through?${JUNE}&limit=2&offset=1`)).body;
    expect(whole.rowCount).toBeGreaterThan(3);
    expect(page).toMatchObject({ rowCount: whole.rowCount, offset: 1, limit: 2, rows: whole.rows.slice(1, 3), totals: whole.totals });
  });
});

describe("bad input and roles", () => {
  it("answers 400 naming the field", async () => {
    const bad = async (query: string) => {
      const res = await admin.get(`/api/admin/reports/${query}`);
      expect(res.status, query).toBe(400);
      return res.body.message;
    };
    expect(await bad("returns?groupBy=variant")).toBe("Invalid report: groupBy: must be product or size");
    expect(await bad("returns.csv?groupBy=day")).toBe("Invalid report: groupBy: must be product or size");
    expect(await bad("returns?limit=0")).toBe("Invalid report: limit: must be from 1 to 1000");
    expect(await bad("sell-through?limit=5000")).toBe("Invalid report: limit: must be from 1 to 1000");
    expect(await bad("returns?limit=ten")).toBe("Invalid report: limit: must be a whole number");
    expect(await bad("returns?offset=-1")).toBe("Invalid report: offset: must be 0 or more");
    expect(await bad("returns?reason=fit")).toBe("Invalid report: Unknown field: reason");
    expect(await bad("returns?from=2019-01-01&to=2025-01-01")).toBe("Invalid report: to: the period can be at most 5 years (to before 2024-01-01)");
  });

  it("is for Owners and Managers: Fulfilment and Content editors get 403", async () => {
    for (const [role, status] of [["manager", 200], ["fulfilment", 403], ["content_editor", 403]] as const) {
      const { client } = await signedInStaff(server, role);
      for (const path of ["returns", "returns.csv"]) expect((await client.get(`/api/admin/reports/${path}`)).status, `${role} ${path}`).toBe(status);
    }
  });
});
