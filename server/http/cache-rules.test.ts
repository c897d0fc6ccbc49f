import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Request } from "express";
import { describe, expect, it } from "vitest";
import { projectRoot } from "../paths";
import { catalogueAnswer, pageAnswer, writeScope, type WriteScope } from "./cache-rules";

/** Where each router is mounted (server/http/api.ts, server/app.ts). */
const MOUNTS: Record<string, string> = {
  "account-router.ts": "/api",
  "admin-router.ts": "/api/admin",
  "admin-search-router.ts": "/api/admin/search",
  "alerts-router.ts": "/api",
  "auth-router.ts": "/api/auth",
  "cart-router.ts": "/api/cart",
  "checkout-router.ts": "/api",
  "content-admin-router.ts": "/api/admin/content",
  "content-router.ts": "/api",
  "drop-line-router.ts": "/api/drops",
  "drops-router.ts": "/api/drops",
  "early-access-router.ts": "/api",
  "funnel-router.ts": "/api",
  "home-admin-router.ts": "/api/admin",
  "drops-admin-router.ts": "/api/admin/drops",
  "menus-router.ts": "/api/admin/menus",
  "recovery-router.ts": "/api/admin/recovery",
  "reviews-router.ts": "/api",
  "search-router.ts": "/api/admin",
  "security-router.ts": "/api/admin/security",
  "settings-router.ts": "/api/admin/settings",
  "staff-invitation-router.ts": "/api/auth",
  "staff-router.ts": "/api/admin",
  "stylist-router.ts": "/api/ai",
  "tax-shipping-router.ts": "/api/admin",
  "unsubscribe-router.ts": "",
  "webhook-router.ts": "/api/webhooks",
};

/** Every state-changing route, and what it may make wrong in the caches (decision 0022). */
const ROUTES: Record<string, WriteScope> = {
  "account-router.ts PATCH /account/profile": "none",
  "account-router.ts PATCH /account/password": "none",
  "account-router.ts DELETE /account/sessions/:key": "none",
  "account-router.ts POST /account/sessions/sign-out-all": "none",
  "account-router.ts POST /account/verify-email/resend": "none",
  "account-router.ts POST /account/email": "none",
  "account-router.ts POST /account/passkeys/options": "none",
  "account-router.ts POST /account/passkeys": "none",
  "account-router.ts DELETE /account/passkeys/:id": "none",
  "account-router.ts POST /account/addresses": "none",
  "account-router.ts PATCH /account/addresses/:id": "none",
  "account-router.ts DELETE /account/addresses/:id": "none",
  "account-router.ts POST /account/delete": "all",
  "account-router.ts POST /favorites": "none",
  "account-router.ts DELETE /favorites/:productId": "none",
  "admin-router.ts POST /orders/:orderNumber/status": "all",
  "admin-router.ts POST /orders/:orderNumber/refunds": "all",
  "admin-router.ts POST /orders/:orderNumber/edits": "all",
  "admin-router.ts POST /returns/:returnNumber": "all",
  "admin-router.ts POST /customers/:email/credit": "all",
  "admin-router.ts POST /gift-cards": "all",
  "admin-router.ts PATCH /gift-cards/:id": "all",
  "admin-router.ts POST /gift-cards/:id/adjustments": "all",
  "admin-router.ts POST /products": "all",
  "admin-router.ts PATCH /products/:id": "all",
  "admin-router.ts POST /products/:id/duplicate": "all",
  "admin-router.ts DELETE /variants/:id": "all",
  "admin-router.ts POST /catalog/import": "all",
  "admin-router.ts POST /products/:id/photos": "all",
  "admin-router.ts PATCH /photos/:id": "all",
  "admin-router.ts DELETE /photos/:id": "all",
  "admin-router.ts POST /bulk-edit": "all",
  "admin-router.ts PATCH /variants/:id": "all",
  "admin-router.ts POST /collections": "all",
  "admin-router.ts PATCH /collections/:id": "all",
  "admin-router.ts DELETE /collections/:id": "all",
  "admin-router.ts POST /discounts": "all",
  "admin-router.ts PATCH /discounts/:code": "all",
  "admin-router.ts POST /feed-token": "all",
  "admin-router.ts POST /jobs/:id/retry": "all",
  "content-admin-router.ts POST /": "all",
  "content-admin-router.ts POST /photos": "none",
  "content-admin-router.ts PATCH /:id": "all",
  "content-admin-router.ts POST /:id/archive": "all",
  "content-admin-router.ts POST /:id/revisions/:revisionId/restore": "all",
  "menus-router.ts PUT /:handle": "all",
  "home-admin-router.ts PUT /home/sections": "all",
  "home-admin-router.ts POST /announcements": "all",
  "home-admin-router.ts PATCH /announcements/:id": "all",
  "home-admin-router.ts DELETE /announcements/:id": "all",
  "drops-admin-router.ts POST /": "all",
  "drops-admin-router.ts PATCH /:id": "all",
  "drops-admin-router.ts DELETE /:id": "all",
  "drops-admin-router.ts POST /:id/archive": "all",
  "drops-admin-router.ts POST /:id/restore": "all",
  "tax-shipping-router.ts POST /tax/zones": "all",
  "tax-shipping-router.ts PATCH /tax/zones/:id": "all",
  "tax-shipping-router.ts DELETE /tax/zones/:id": "all",
  "tax-shipping-router.ts POST /tax/rates": "all",
  "tax-shipping-router.ts PATCH /tax/rates/:id": "all",
  "tax-shipping-router.ts DELETE /tax/rates/:id": "all",
  "tax-shipping-router.ts POST /tax/categories": "all",
  "tax-shipping-router.ts PATCH /tax/categories/:id": "all",
  "tax-shipping-router.ts DELETE /tax/categories/:id": "all",
  "tax-shipping-router.ts PUT /tax/settings": "all",
  "tax-shipping-router.ts POST /tax/test": "none",
  "tax-shipping-router.ts POST /shipping/zones": "all",
  "tax-shipping-router.ts PATCH /shipping/zones/:id": "all",
  "tax-shipping-router.ts DELETE /shipping/zones/:id": "all",
  "tax-shipping-router.ts POST /shipping/rates": "all",
  "tax-shipping-router.ts PATCH /shipping/rates/:id": "all",
  "tax-shipping-router.ts DELETE /shipping/rates/:id": "all",
  "tax-shipping-router.ts POST /shipping/test": "none",
  "alerts-router.ts POST /stock-alerts": "none",
  "alerts-router.ts POST /stock-alerts/waitlist": "none",
  "alerts-router.ts POST /stock-alerts/confirm": "none",
  "alerts-router.ts POST /unsubscribe": "none",
  "auth-router.ts POST /register": "none",
  "auth-router.ts POST /login": "none",
  "auth-router.ts POST /forgot-password": "none",
  "auth-router.ts POST /reset-password": "none",
  "auth-router.ts POST /verify-email": "none",
  "auth-router.ts POST /confirm-email": "none",
  "auth-router.ts POST /passkey/options": "none",
  "auth-router.ts POST /passkey": "none",
  "auth-router.ts POST /logout": "none",
  "cart-router.ts POST /items": "none",
  "cart-router.ts PATCH /items/:id": "none",
  "cart-router.ts DELETE /items/:id": "none",
  "cart-router.ts DELETE /": "none",
  "checkout-router.ts POST /create-payment-intent": "products",
  "checkout-router.ts POST /checkout/quote": "none",
  "checkout-router.ts POST /checkout/gift-cards": "none",
  "checkout-router.ts DELETE /checkout/gift-cards/:last4": "none",
  "checkout-router.ts POST /orders/lookup": "none",
  "checkout-router.ts POST /returns": "none",
  "checkout-router.ts POST /test-payments/:id/confirm": "products",
  "checkout-router.ts POST /test-payments/:id/authenticate": "products",
  "content-router.ts PATCH /admin/campaigns/:slug": "all",
  "content-router.ts POST /newsletter": "none",
  // A place in a drop's line is one visitor's: thousands join at an open, and none of them may empty the caches.
  "drop-line-router.ts POST /:slug/line": "none",
  // An early-access link turned into one visitor's pass: nothing shared changes.
  "early-access-router.ts POST /drops/:slug/early-access": "none",
  // A product view or a checkout begun, counted for the funnel report: a row of its own, in no page.
  "funnel-router.ts POST /funnel/view": "none",
  "funnel-router.ts POST /funnel/checkout": "none",
  "content-router.ts POST /contact": "none",
  "reviews-router.ts POST /products/:id/reviews": "products",
  "reviews-router.ts PUT /reviews/:id": "products",
  "reviews-router.ts DELETE /reviews/:id": "products",
  "reviews-router.ts POST /admin/reviews/:id/publish": "all",
  "reviews-router.ts POST /admin/reviews/:id/reject": "all",
  "reviews-router.ts PUT /admin/reviews/:id/reply": "all",
  "search-router.ts POST /synonyms": "all",
  "search-router.ts PUT /synonyms/:id": "all",
  "search-router.ts DELETE /synonyms/:id": "all",
  "settings-router.ts PUT /": "all",
  "settings-router.ts PUT /consent": "all",
  "settings-router.ts POST /logo": "all",
  "settings-router.ts DELETE /logo": "all",
  "security-router.ts POST /totp/setup": "none",
  "security-router.ts POST /totp": "none",
  "security-router.ts DELETE /totp": "none",
  "security-router.ts POST /verify": "none",
  "security-router.ts POST /passkey/options": "none",
  "security-router.ts POST /passkey": "none",
  "security-router.ts POST /recovery-codes": "none",
  "recovery-router.ts PUT /settings": "all",
  "staff-router.ts POST /roles": "none",
  "staff-router.ts PATCH /roles/:id": "none",
  "staff-router.ts DELETE /roles/:id": "none",
  "staff-router.ts POST /staff": "none",
  "staff-router.ts PATCH /staff/:id": "none",
  "staff-router.ts POST /staff/:id/suspend": "none",
  "staff-router.ts POST /staff/:id/restore": "none",
  "staff-router.ts DELETE /staff/:id": "none",
  "staff-router.ts POST /staff/invitations": "none",
  "staff-router.ts DELETE /staff/invitations/:id": "none",
  "staff-invitation-router.ts POST /staff-invitation": "none",
  "stylist-router.ts POST /style-recommendation": "none",
  "stylist-router.ts POST /size-guidance": "none",
  "stylist-router.ts POST /outfit-ideas": "none",
  "unsubscribe-router.ts POST /unsubscribe/:token": "none",
  "webhook-router.ts POST /stripe": "products",
};

const request = (method: string, url: string) => ({ method, originalUrl: url, path: url.split("?")[0] }) as unknown as Request;

describe("writeScope", () => {
  it("classifies every state-changing route the routers declare, and no other", () => {
    const dir = join(projectRoot, "server/http");
    const declared = readdirSync(dir)
      .filter((f) => f.endsWith("-router.ts"))
      .flatMap((file) => [...readFileSync(join(dir, file), "utf8").matchAll(/router\.(post|put|patch|delete)\("([^"]*)"/g)].map((m) => `${file} ${m[1]!.toUpperCase()} ${m[2]}`));
    expect(declared.sort()).toEqual(Object.keys(ROUTES).sort());
  });

  it.each(Object.entries(ROUTES))("%s → %s", (route, scope) => {
    const [file, method, path] = route.split(" ") as [string, string, string];
    const url = MOUNTS[file]! + path.replace(/:\w+/g, "2").replace(/\/$/, "");
    expect(writeScope(request(method, url || "/"))).toBe(scope);
    expect(writeScope(request(method, `${url}?x=1`))).toBe(scope);
  });

  it("treats reads as changing nothing, and an unknown write as changing anything", () => {
    expect(writeScope(request("GET", "/api/order-status/pi_123456"))).toBe("none");
    expect(writeScope(request("HEAD", "/category/men"))).toBe("none");
    expect(writeScope(request("POST", "/category/men"))).toBe("all");
    expect(writeScope(request("POST", "/api/something-new"))).toBe("all");
    expect(writeScope(request("POST", "/api/cartography"))).toBe("all");
  });
});

describe("what a cached answer shows", () => {
  it("one product for its API answer and its reviews; a listing for every other catalogue read", () => {
    expect(catalogueAnswer(request("GET", "/api/products/2"))).toEqual({ key: "/api/products/2", product: 2, listing: false });
    expect(catalogueAnswer(request("GET", "/api/products/2/reviews?page=2"))).toMatchObject({ product: 2, listing: false });
    expect(catalogueAnswer(request("GET", "/api/products/category/men?sort=price-low"))).toEqual({ key: "/api/products/category/men?sort=price-low", product: null, listing: true });
    expect(catalogueAnswer(request("GET", "/api/products?featured=true&limit=4"))).toMatchObject({ product: null, listing: true });
  });

  it("a product page is its product's only (it shows no other's stock); the cart page shows none; other pages are listings", () => {
    // A product page's stock is put into each answer (decision 0041): only it has stock places.
    expect(pageAnswer(request("GET", "/product/2?color=Black"))).toEqual({ key: "page:/product/2?color=Black", product: 2, listing: false, stock: true });
    expect(pageAnswer(request("GET", "/cart"))).toEqual({ key: "page:/cart", product: null, listing: false, stock: false });
    expect(pageAnswer(request("GET", "/category/men"))).toEqual({ key: "page:/category/men", product: null, listing: true, stock: false });
    expect(pageAnswer(request("GET", "/vsop"))).toMatchObject({ product: null, listing: true });
  });
});
