import { sql } from "drizzle-orm";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { rowsOf } from "../db/rows";
import { campaignUpdateSchema } from "../campaign/campaign-schemas";
import { bulkEditSchema, catalogImportSchema, emptyBodySchema, photoChangeSchema, productChangeSchema, productFieldsSchema, variantChangeSchema } from "../catalog/admin-schemas";
import { collectionChangeSchema, collectionFieldsSchema } from "../catalog/collection-schemas";
import { discountChangeSchema, discountFieldsSchema } from "../orders/discount-schemas";
import { statusChangeSchema } from "../orders/staff-order-schemas";
import { orderEditSchema } from "../order-edits/edit-schemas";
import { settingsUpdateSchema } from "../settings/settings-schemas";
import { addressTestSchema, zoneChangeSchema, zoneFieldsSchema } from "../zones/zone-schemas";
import { taxCategoryChangeSchema, taxCategoryFieldsSchema, taxRateChangeSchema, taxRateFieldsSchema, taxSettingsSchema } from "../tax/tax-admin-schemas";
import { shippingRateChangeSchema, shippingRateFieldsSchema } from "../shipping/shipping-schemas";
import { entryChangeSchema, entryFieldsSchema } from "../content/entry-schemas";
import { sectionsPutSchema } from "../home/section-schemas";
import { dropChangeSchema, dropFieldsSchema } from "../drops/drop-schemas";
import { announcementChangeSchema, announcementFieldsSchema } from "../home/announcement-schemas";
import { menuSaveSchema } from "../menus/menu-schemas";
import { synonymGroupSchema } from "../search/synonyms";
import { returnDecisionSchema, staffRefundSchema } from "../orders/refund-schemas";
import { rejectReviewSchema, replyReviewSchema } from "../reviews/review-schemas";
import { invitationFieldsSchema, roleChangeSchema, roleFieldsSchema, secondFactorCodeSchema, staffAddSchema, staffChangeSchema, totpConfirmSchema } from "../staff/staff-schemas";
import { type BodyCase, fuzzBodies, fuzzServer, RUNS, rowCounts } from "../test/fuzz-kit";

/** The staff's calls, sent by a signed-in admin so the input itself is what gets refused (shoppers': fuzz.test.ts). */
const ctx = fuzzServer();

const staffBodies: BodyCase[] = [
  ["PATCH", "/api/admin/variants/1", variantChangeSchema, { onHand: 5, priceCents: 2000, compareAtCents: 3000, weightGrams: 300 }],
  ["PATCH", "/api/admin/campaigns/vsop", campaignUpdateSchema, { preorderClosesAt: "2027-01-10T18:00:00Z", shipsAt: "2027-01-24T00:00:00Z", freeShipping: true }],
  ["POST", "/api/admin/feed-token", emptyBodySchema, {}],
  ["POST", "/api/admin/security/verify", secondFactorCodeSchema, { code: "123456", purpose: "step-up" }],
  ["POST", "/api/admin/security/totp", totpConfirmSchema, { code: "123456" }],
  ["POST", "/api/admin/products", productFieldsSchema, { name: "Tee", category: "men", priceCents: 1000, colors: ["Black"], sizes: ["M"], status: "draft", taxCategoryId: 1 }],
  ["PATCH", "/api/admin/products/1", productChangeSchema, { name: "Tee", priceCents: 1000, handle: "tee", colors: ["Black"], taxCategoryId: null }],
  ["POST", "/api/admin/products/1/duplicate", emptyBodySchema, {}],
  ["POST", "/api/admin/catalog/import", catalogImportSchema, { csv: "Handle,Title\nx,X\n", dryRun: true, defaultCollection: "men" }],
  ["PATCH", "/api/admin/photos/1", photoChangeSchema, { alt: "A", color: "Black", position: 1 }],
  ["POST", "/api/admin/bulk-edit", bulkEditSchema, { variants: [{ id: 1, priceCents: 100, compareAtCents: null, onHand: 2, weightGrams: 300 }] }],
  ["POST", "/api/admin/collections", collectionFieldsSchema, { slug: "outdoor", name: "Outdoor", description: "", hero: "", parent: null }],
  ["POST", "/api/admin/discounts", discountFieldsSchema, { code: "FUZZ10", kind: "percent", percentOff: 10, minSubtotalCents: 100, startsAt: "2027-01-01T00:00:00Z", expiresAt: "2027-02-01T00:00:00Z", usageLimit: 5, oncePerCustomer: true, collections: ["men"], active: true }],
  ["PATCH", "/api/admin/discounts/FUZZ10", discountChangeSchema, { kind: "fixed", amountOffCents: 500, percentOff: null, active: false }],
  ["POST", "/api/admin/orders/VS-1/status", statusChangeSchema, { status: "shipped", shipment: { carrier: "Parcelforce", trackingNumber: "PF1234", trackingUrl: "https://track.example/PF1234" } }],
  ["POST", "/api/admin/orders/VS-1/edits", orderEditSchema, { changes: [{ type: "swap", lineId: 1, variantId: 2 }, { type: "quantity", lineId: 1, quantity: 2 }, { type: "add", variantId: 3, quantity: 1 }, { type: "remove", lineId: 2 }, { type: "address", address: { line1: "1 Main St", city: "Portland", region: "OR", postalCode: "97205", country: "US", name: "Sam" } }], notify: true }],
  ["POST", "/api/admin/orders/VS-1/refunds", staffRefundSchema, { lines: [{ itemId: 1, quantity: 1 }], reason: "Damaged", restock: true }],
  ["POST", "/api/admin/returns/VS-1-R1", returnDecisionSchema, { action: "receive", restock: true, note: "Back on the shelf" }],
  ["PATCH", "/api/admin/collections/1", collectionChangeSchema, { name: "Men's", description: "d", hero: "h", position: 1 }],
  ["POST", "/api/admin/reviews/00000000-0000-4000-8000-000000000000/publish", emptyBodySchema, {}],
  ["POST", "/api/admin/reviews/00000000-0000-4000-8000-000000000000/reject", rejectReviewSchema, { reason: "Spam" }],
  ["PUT", "/api/admin/reviews/00000000-0000-4000-8000-000000000000/reply", replyReviewSchema, { reply: "Thanks" }],
  ["POST", "/api/admin/jobs/00000000-0000-4000-8000-000000000000/retry", emptyBodySchema, {}],
  ["POST", "/api/admin/tax/zones", zoneFieldsSchema, { name: "West", regions: [{ country: "US", subdivision: "US-CA", postalPrefix: "94" }] }],
  ["PATCH", "/api/admin/tax/zones/1", zoneChangeSchema, { name: "West", regions: [{ country: "US", subdivision: "US-CA", postalPrefix: "94" }] }],
  ["POST", "/api/admin/tax/rates", taxRateFieldsSchema, { zoneId: 1, name: "Sales tax", taxCategoryId: null, rate: "8.625" }],
  ["PATCH", "/api/admin/tax/rates/1", taxRateChangeSchema, { name: "Sales tax", taxCategoryId: 1, rate: 8.625 }],
  ["POST", "/api/admin/tax/categories", taxCategoryFieldsSchema, { name: "Books", stripeTaxCode: "txcd_35010000", isDefault: false }],
  ["PATCH", "/api/admin/tax/categories/1", taxCategoryChangeSchema, { name: "Clothing", stripeTaxCode: null, isDefault: true }],
  ["PUT", "/api/admin/tax/settings", taxSettingsSchema, { pricesIncludeTax: true, taxOnShipping: true, taxProvider: "manual" }],
  ["POST", "/api/admin/tax/test", addressTestSchema, { country: "US", state: "CA", postalCode: "94103", subtotal: "42.50", weightGrams: 800 }],
  ["POST", "/api/admin/shipping/zones", zoneFieldsSchema, { name: "West", regions: [{ country: "US", subdivision: "US-CA", postalPrefix: "94" }] }],
  ["PATCH", "/api/admin/shipping/zones/2", zoneChangeSchema, { name: "West", regions: [{ country: "US", subdivision: "US-CA", postalPrefix: "94" }] }],
  ["POST", "/api/admin/shipping/rates", shippingRateFieldsSchema, { zoneId: 2, name: "Standard", kind: "price_band", amountCents: 599, maxSubtotalCents: 5000, minDays: 3, maxDays: 5, active: true }],
  ["PATCH", "/api/admin/shipping/rates/1", shippingRateChangeSchema, { amountCents: 599, minDays: 1, maxDays: 2, active: false }],
  ["POST", "/api/admin/shipping/test", addressTestSchema, { country: "GB", state: "Scotland", postalCode: "HS1 2AA", subtotal: 80, weightGrams: 3000 }],
  ["POST", "/api/admin/content", entryFieldsSchema, { kind: "post", slug: "fuzz", title: "Fuzz", body: { type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text: "x" }] }] }, status: "draft" }],
  ["PATCH", "/api/admin/content/1", entryChangeSchema, { title: "Fuzz", body: { type: "doc", content: [] }, status: "scheduled", publishAt: "2027-01-01T00:00:00Z" }],
  ["POST", "/api/admin/content/1/archive", emptyBodySchema, {}],
  ["POST", "/api/admin/content/1/revisions/1/restore", emptyBodySchema, {}],
  ["PUT", "/api/admin/menus/header", menuSaveSchema("header"), { items: [{ label: "Men", kind: "collection", targetId: 1 }, { label: "Sale", kind: "url", url: "/category/sale", badge: "NEW" }] }],
  ["POST", "/api/admin/synonyms", synonymGroupSchema, { terms: ["tee", "t-shirt"] }],
  ["PUT", "/api/admin/synonyms/1", synonymGroupSchema, { terms: ["jumper", "sweater", "pullover"] }],
  ["PUT", "/api/admin/menus/footer", menuSaveSchema("footer"), { items: [{ label: "Help", kind: "group", children: [{ label: "FAQ", kind: "entry", targetId: 1 }] }] }],
  ["PUT", "/api/admin/home/sections", sectionsPutSchema, { sections: [{ type: "product_grid", settings: { title: "New", source: "new", limit: 4 }, visible: true, startsAt: "2027-01-01T00:00:00Z", endsAt: null }] }],
  [
    "POST",
    "/api/admin/drops",
    dropFieldsSchema,
    { name: "Fuzz drop", slug: "fuzz-drop", productIds: [7], announceAt: "2027-01-01T00:00:00Z", opensAt: "2027-01-02T00:00:00Z", preorderClosesAt: "2027-01-10T00:00:00Z", shipsAt: "2027-01-20T00:00:00Z", perCustomerLimit: { perProduct: 2 }, freeShipping: true, admitPerMinute: 30, page: [{ type: "faq", settings: { items: [{ question: "Q", answer: "A" }] } }] },
  ],
  ["PATCH", "/api/admin/drops/1", dropChangeSchema, { name: "VSOP", opensAt: "2027-01-02T00:00:00+01:00", perCustomerLimit: { perDrop: 3 }, checkoutMinutes: 12 }],
  ["POST", "/api/admin/announcements", announcementFieldsSchema, { message: "Free shipping over {free_shipping_threshold}", linkUrl: "/shipping", linkLabel: "Details", active: true, startsAt: null, endsAt: "2027-01-01T00:00:00Z" }],
  ["PATCH", "/api/admin/announcements/1", announcementChangeSchema, { message: "Sale ends Sunday", linkUrl: "https://example.com/sale", active: false, position: 2 }],
  ["POST", "/api/admin/roles", roleFieldsSchema, { name: "Support", description: "Answers customers", permissions: ["orders.read", "customers.read"] }],
  ["PATCH", "/api/admin/roles/2", roleChangeSchema, { name: "Managers", description: "Day to day", permissions: ["orders.read"] }],
  ["PATCH", "/api/admin/staff/00000000-0000-4000-8000-000000000000", staffChangeSchema, { roleId: 2 }],
  ["POST", "/api/admin/staff", staffAddSchema, { username: "nobody-here", roleId: 2 }],
  ["POST", "/api/admin/staff/invitations", invitationFieldsSchema, { email: "new.hire@example.com", name: "New Hire", roleId: 3 }],
  ["POST", "/api/admin/staff/00000000-0000-4000-8000-000000000000/suspend", emptyBodySchema, {}],
  ["POST", "/api/admin/staff/00000000-0000-4000-8000-000000000000/restore", emptyBodySchema, {}],
  [
    "PUT",
    "/api/admin/settings",
    settingsUpdateSchema,
    { storeName: "S", legalName: "S Ltd", addressLine1: "1 A St", addressLine2: "", city: "Leeds", region: "England", postalCode: "LS1 1AA", country: "GB", supportEmail: "a@b.co", phone: "+44 113 496 0000", senderName: "S", senderEmail: "o@b.co", socialLinks: { x: "https://x.com/s" } },
  ],
];

describe("fuzzing the staff's /api calls with bad input", () => {
  fuzzBodies(ctx, staffBodies, "staff");

  it.each(["/api/admin/settings/logo", "/api/admin/content/photos"])(`POST %s: ${RUNS} files that are not images, never a 5xx, never a written row`, async (path) => {
    const before = await rowCounts(ctx.server);
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ maxLength: 2000 }), fc.constantFrom("image/png", "image/jpeg", "application/octet-stream"), async (bytes, type) => {
        const res = await ctx.staff.post(path, Buffer.from(bytes), { "content-type": type });
        expect(res.status, `${bytes.length} bytes as ${type}`).toBeGreaterThanOrEqual(400);
        expect(res.status).toBeLessThan(500);
      }),
      { numRuns: RUNS },
    );
    expect(await rowCounts(ctx.server)).toEqual(before);
  });

  it(`DELETE /api/admin/announcements/{id}: ${RUNS} ids that name no announcement, never a 5xx, nothing deleted`, async () => {
    const kept = await ctx.staff.post("/api/admin/announcements", { message: "Stays put" });
    expect(kept.status).toBe(201);
    const id = String(kept.body.id);
    const before = await rowCounts(ctx.server);
    const ids = fc.oneof(
      fc.string({ maxLength: 40 }),
      fc.integer().map(String),
      fc.bigInt({ min: -(10n ** 12n), max: 10n ** 12n }).map(String),
      fc.constantFrom("0", "-1", "01", "1.0", "1e3", "0x1", " 1", "2147483647", "2147483648", "9999999999", "99999999999", "NaN", "null", "%", "."),
    );
    await fc.assert(
      fc.asyncProperty(
        ids.filter((raw) => raw !== id),
        async (raw) => {
          const res = await ctx.staff.delete(`/api/admin/announcements/${encodeURIComponent(raw)}`);
          expect(res.status, `DELETE ${JSON.stringify(raw)}`).toBeGreaterThanOrEqual(400);
          expect(res.status).toBeLessThan(500);
        },
      ),
      { numRuns: RUNS },
    );
    expect(await rowCounts(ctx.server)).toEqual(before);
    expect((await ctx.staff.get("/api/admin/home")).body.announcements.map((a: { id: number }) => a.id)).toEqual([kept.body.id]);
    expect((await ctx.staff.delete(`/api/admin/announcements/${id}`)).status).toBe(200);
  });

  /** Tax and shipping rows by id (issue 27): the ids that name one of them now, as the path writes them. */
  const taxShippingIds: [path: string, table: string, schema: z.ZodType, patch: Record<string, unknown>][] = [
    ["/api/admin/tax/zones", "zones where kind = 'tax'", zoneChangeSchema, { name: "West", regions: [{ country: "US", subdivision: "US-CA", postalPrefix: "94" }] }],
    ["/api/admin/tax/rates", "tax_rates", taxRateChangeSchema, { name: "Sales tax", rate: 8.625 }],
    ["/api/admin/tax/categories", "tax_categories", taxCategoryChangeSchema, { name: "Clothing", stripeTaxCode: null }],
    ["/api/admin/shipping/zones", "zones where kind = 'shipping'", zoneChangeSchema, { name: "West", regions: [{ country: "US", subdivision: "US-CA", postalPrefix: "94" }] }],
    ["/api/admin/shipping/rates", "shipping_rates", shippingRateChangeSchema, { amountCents: 599, minDays: 1, maxDays: 2, active: false }],
  ];

  it.each(taxShippingIds)(`DELETE and PATCH %s/{id}: ${RUNS} ids each that name none of them, never a 5xx, nothing written`, async (path, table, schema, patch) => {
    // The body is valid: only the id is wrong.
    expect(schema.safeParse(patch).success).toBe(true);
    const idsIn = async (from: string) => rowsOf<{ id: number }>(await ctx.server.database.db.execute(sql.raw(`select id from ${from}`))).map((r) => String(r.id));
    const existing = new Set(await idsIn(table));
    expect(existing.size).toBeGreaterThan(0);
    // A zone of the other kind is in the same table: its id must be refused here too.
    const otherKind = table.startsWith("zones") ? (await idsIn("zones")).filter((id) => !existing.has(id)) : [];
    const overview = async () => [(await ctx.staff.get("/api/admin/tax")).body, (await ctx.staff.get("/api/admin/shipping")).body];
    const [before, shown] = [await rowCounts(ctx.server), await overview()];
    const ids = fc.oneof(
      fc.string({ maxLength: 40 }),
      fc.integer().map(String),
      fc.integer({ min: 1, max: 1000 }).map(String),
      fc.bigInt({ min: -(10n ** 12n), max: 10n ** 12n }).map(String),
      fc.constantFrom("0", "-1", "01", "1.0", "1e3", "0x1", " 1", "1 ", "+1", "2147483647", "2147483648", "9999999999", "99999999999", "NaN", "null", "%", ".", "..", "1/2", ...otherKind),
    );
    await fc.assert(
      fc.asyncProperty(
        ids.filter((raw) => !existing.has(raw)),
        fc.constantFrom("DELETE", "PATCH"),
        async (raw, method) => {
          const url = `${path}/${encodeURIComponent(raw)}`;
          const res = method === "DELETE" ? await ctx.staff.delete(url) : await ctx.staff.patch(url, patch);
          expect(res.status, `${method} ${JSON.stringify(raw)}`).toBeGreaterThanOrEqual(400);
          expect(res.status).toBeLessThan(500);
        },
      ),
      { numRuns: RUNS * 2 },
    );
    expect(await rowCounts(ctx.server)).toEqual(before);
    expect(await overview()).toEqual(shown);
  });

  it("a content body nested 5,000 levels deep, or too large, is a 4xx that writes nothing", async () => {
    const before = await rowCounts(ctx.server);
    // Written as text: JSON.stringify itself would overflow the test's stack on this document.
    const nest = (levels: number) => `${'{"type":"blockquote","content":['.repeat(levels)}{"type":"paragraph"}${"]}".repeat(levels)}`;
    const deep = nest(5_000);
    const entry = (body: unknown) => JSON.stringify({ kind: "post", slug: "deep", title: "Deep", body });
    const nestedBody = (levels: number) => `{"kind":"post","slug":"deep","title":"Deep","body":{"type":"doc","content":[${nest(levels)}]}}`;
    // 5,000 levels are over the JSON body limit already; 2,000 fit in it and are refused by the depth check.
    const nested = await ctx.staff.post("/api/admin/content", nestedBody(5_000));
    expect(nested.status).toBe(400);
    expect(nested.body.message).toMatch(/too large/);
    const nestedInLimit = await ctx.staff.post("/api/admin/content", nestedBody(2_000));
    expect(nestedInLimit.status).toBe(400);
    expect(nestedInLimit.body.message).toMatch(/body: content\[0\](\.content\[0\])+: the document is nested too deeply/);
    const wide = { type: "doc", content: Array.from({ length: 20_000 }, () => ({ type: "horizontalRule" })) };
    expect((await ctx.staff.post("/api/admin/content", entry(wide))).status).toBe(400);
    const large = { type: "doc", content: Array.from({ length: 3_600 }, () => ({ type: "horizontalRule" })) };
    const tooLarge = await ctx.staff.post("/api/admin/content", entry(large));
    expect(tooLarge.status).toBe(400);
    expect(tooLarge.body.message).toMatch(/too large/);
    expect((await ctx.staff.patch("/api/admin/content/1", `{"body":{"type":"doc","content":[${deep}]}}`)).status).toBeGreaterThanOrEqual(400);
    expect(await rowCounts(ctx.server)).toEqual(before);
  });
});
