import fc from "fast-check";
import { checkoutSchema, viewedSchema } from "./funnel-router";
import { describe, expect, it } from "vitest";
import { changePasswordSchema, deleteAccountSchema, emailChangeSchema, forgotPasswordSchema, linkTokenSchema, loginSchema, profileSchema, registerSchema, resetPasswordSchema } from "../accounts/account-schemas";
import { addCartItemSchema, updateCartItemSchema } from "../cart/cart-schemas";
import { contactSchema } from "../content/contact-schemas";
import { subscribeSchema } from "../newsletter/newsletter-schemas";
import { alertTokenSchema, stockAlertSchema, waitlistSchema } from "../alerts/alert-schemas";
import { unsubscribeSchema } from "../unsubscribe/unsubscribe-schemas";
import { checkoutDetailsSchema, quoteSchema } from "../orders/checkout-schemas";
import { outfitRequestSchema, sizeRequestSchema, styleRequestSchema } from "../stylist/stylist-schemas";
import { savedAddressSchema } from "../accounts/address-schemas";
import { passkeyRegistrationSchema, passkeySignInSchema } from "../accounts/passkey-schemas";
import { orderLookupSchema } from "../orders/order-lookup-schemas";
import { returnRequestSchema } from "../orders/refund-schemas";
import { reviewSchema } from "../reviews/review-schemas";
import { invitationAcceptSchema } from "../staff/staff-schemas";
import { type BodyCase, fuzzBodies, fuzzServer, RUNS, urlPiece } from "../test/fuzz-kit";

/** The shoppers' calls and every GET (staff calls: fuzz-staff.test.ts); every new /api call goes in one of the two. */
const ctx = fuzzServer();

const bodies: BodyCase[] = [
  ["POST", "/api/cart/items", addCartItemSchema, { productId: 2, quantity: 1, color: "Default", size: "M" }],
  ["PATCH", "/api/cart/items/1", updateCartItemSchema, { quantity: 2 }],
  ["POST", "/api/create-payment-intent", checkoutDetailsSchema, { email: "a@b.co", name: "A", address: {}, shippingRateId: 1, amount: 1 }],
  ["POST", "/api/funnel/view", viewedSchema, { session: "6f1c2a4e-8b3d-4c5e-9f60-1a2b3c4d5e6f", productId: 2 }],
  ["POST", "/api/funnel/checkout", checkoutSchema, { session: "6f1c2a4e-8b3d-4c5e-9f60-1a2b3c4d5e6f" }],
  ["POST", "/api/checkout/quote", quoteSchema, { discountCode: "X", address: { country: "US", region: "CA", postalCode: "94103" }, shippingRateId: 1 }],
  ["POST", "/api/auth/register", registerSchema, { username: "u", email: "e", password: "p", name: "n" }],
  ["POST", "/api/auth/login", loginSchema, { username: "u", password: "p" }],
  ["PATCH", "/api/account/profile", profileSchema, { name: "n", email: "e", username: "u" }],
  ["POST", "/api/newsletter", subscribeSchema, { email: "e", source: "vip" }],
  ["POST", "/api/contact", contactSchema, { name: "n", email: "e", topic: "t", message: "m" }],
  ["POST", "/api/ai/style-recommendation", styleRequestSchema, { userPreferences: {} }],
  ["POST", "/api/ai/size-guidance", sizeRequestSchema, { measurements: {} }],
  ["POST", "/api/ai/outfit-ideas", outfitRequestSchema, { selectedItems: [] }],
  ["POST", "/api/auth/forgot-password", forgotPasswordSchema, { email: "a@b.co" }],
  ["POST", "/api/auth/reset-password", resetPasswordSchema, { token: "a".repeat(43), password: "granite meadow lantern 4471" }],
  ["POST", "/api/account/addresses", savedAddressSchema, { name: "A", line1: "1 A St", line2: "B", city: "C", region: "D", postalCode: "12345", country: "US", isDefault: true }],
  ["POST", "/api/auth/verify-email", linkTokenSchema, { token: "a".repeat(43) }],
  ["POST", "/api/auth/confirm-email", linkTokenSchema, { token: "a".repeat(43) }],
  ["POST", "/api/auth/staff-invitation", invitationAcceptSchema, { token: "a".repeat(43), username: "new_hire", name: "New Hire", password: "granite meadow lantern 4471" }],
  ["POST", "/api/account/email", emailChangeSchema, { password: "wrong password", newEmail: "new@example.com" }],
  ["POST", "/api/account/passkeys", passkeyRegistrationSchema, { ceremonyId: "00000000-0000-4000-8000-000000000000", response: { id: "AAAA", rawId: "AAAA", type: "public-key", response: {} }, name: "Laptop" }],
  ["POST", "/api/auth/passkey", passkeySignInSchema, { ceremonyId: "00000000-0000-4000-8000-000000000000", response: { id: "AAAA", rawId: "AAAA", type: "public-key", response: {} } }],
  ["POST", "/api/account/delete", deleteAccountSchema, { password: "wrong password" }],
  ["PATCH", "/api/account/password", changePasswordSchema, { currentPassword: "x", newPassword: "granite meadow lantern 4471" }],
  ["POST", "/api/orders/lookup", orderLookupSchema, { orderNumber: "VS-100100", email: "a@b.co" }],
  ["POST", "/api/stock-alerts", stockAlertSchema, { variantId: 1, email: "a@b.co" }],
  ["POST", "/api/stock-alerts/waitlist", waitlistSchema, { email: "a@b.co" }],
  ["POST", "/api/stock-alerts/confirm", alertTokenSchema, { token: "a".repeat(43) }],
  ["POST", "/api/unsubscribe", unsubscribeSchema, { token: `n1-${"a".repeat(43)}` }],
  ["POST", "/api/returns", returnRequestSchema, { orderNumber: "VS-100100", email: "a@b.co", lines: [{ itemId: 1, quantity: 1 }], reason: "Too small" }],
  ["POST", "/api/products/10/reviews", reviewSchema, { rating: 5, title: "Great", body: "Soft", fit: "true" }],
  ["PUT", "/api/reviews/00000000-0000-4000-8000-000000000000", reviewSchema, { rating: 5, title: "Great", body: "Soft", fit: null }],
];

describe("fuzzing the shoppers' /api calls with bad input", () => {
  fuzzBodies(ctx, bodies, "shopper");

  it(`GET routes with ${RUNS} generated ids and query strings never 5xx`, async () => {
    const segment = urlPiece;
    const query = fc.array(fc.tuple(fc.constantFrom("minPrice", "maxPrice", "colors", "sizes", "sort", "page", "limit", "featured", "from", "to", "x"), urlPiece), { maxLength: 4 });
    await fc.assert(
      fc.asyncProperty(fc.constantFrom("/api/products/", "/api/products/category/", "/api/products/subcategory/", "/api/order-status/", "/api/account/orders/", "/api/campaigns/", "/api/admin/products/", "/api/admin/audit?productId=", "/api/admin/bulk-edit?category=", "/api/admin/tax/report?from=", "/api/admin/tax/report.csv?to=", "/api/admin/reports/funnel?from=", "/api/admin/reports/funnel.csv?to=", "/api/admin/reports/sales?groupBy=", "/api/admin/tax-categories?q=", "/api/admin/content/", "/api/admin/content?kind=", "/api/admin/menus?x=", "/api/admin/home?x=", "/api/admin/announcements/", "/api/admin/search?q=", "/api/admin/roles/", "/api/admin/staff?x=", "/api/auth/staff-invitation?token=", "/api/viewer?x=", "/api/search/suggest?q="), segment, query, async (prefix, id, params) => {
        const qs = params.map(([name, value]) => `${name}=${value}`).join("&");
        const client = prefix.startsWith("/api/admin/") ? ctx.staff : ctx.shopper;
        const res = await client.get(`${prefix}${id}${qs ? `${prefix.includes("?") ? "&" : "?"}${qs}` : ""}`);
        expect(res.status, `${prefix}${id}?${qs}`).toBeLessThan(500);
      }),
      { numRuns: RUNS },
    );
  });

  it("raw garbage bodies and wrong content types are refused without a 5xx", async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 500 }), fc.constantFrom("application/json", "text/plain", "application/x-www-form-urlencoded"), async (raw, type) => {
        const res = await ctx.shopper.post("/api/cart/items", raw, { "content-type": type });
        expect(res.status).toBeGreaterThanOrEqual(400);
        expect(res.status).toBeLessThan(500);
      }),
      { numRuns: Math.min(RUNS, 300) },
    );
  });
});
