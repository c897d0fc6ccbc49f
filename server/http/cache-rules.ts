import type { Request, RequestHandler } from "express";
import type { CatalogChanges } from "../cache/catalog-changes";

/**
 * Which cached answers a request may make wrong (decision 0022):
 * - "none": it changes nothing another visitor sees: carts (they hold no stock, so a cart merged on sign-in too),
 *   sign-in and accounts, favourites, the style assistant, quotes, a checkout's gift cards, order lookups, a shopper's return request,
 *   newsletter, contact, back-in-stock alerts and unsubscribing, the staff's tax and shipping test panel (it reads),
 *   a content photo upload (nothing shows it until an entry or a section is saved with it), and staff roles and who
 *   has which (no shopper sees them), and joining a drop's line (a place for one visitor; at an open, thousands a
 *   minute) or redeeming an early-access link (a pass for one visitor), and the funnel's beacons (a row for the funnel report,
 *   sent on every product view and checkout page).
 * - "products": it may change some products' stock or rating (checkout, payments, a shopper's review); the service
 *   that makes the change publishes the products it touched (server/cache/catalog-changes.ts), so nothing is done here.
 * - "all": anything else, which is every staff call (prices, products, collections, the drop, orders, refunds),
 *   account deletion, and any call not listed here.
 */
export type WriteScope = "none" | "products" | "all";

const PERSONAL = /^\/(?:api\/(?:cart|drops\/[a-z0-9-]+\/(?:line|early-access)|ai|checkout\/(?:quote|gift-cards)|funnel\/(?:view|checkout)|orders\/lookup|auth|favorites|newsletter|contact|stock-alerts|unsubscribe|returns|admin\/(?:tax|shipping)\/test|admin\/content\/photos|admin\/roles|admin\/staff|admin\/security)|unsubscribe)(?:\/|\?|$)/;
const ACCOUNT = /^\/api\/account(?:\/|\?|$)/;
const PRODUCT_WRITES = /^\/api\/(?:create-payment-intent|test-payments|webhooks\/stripe|reviews|products\/\d+\/reviews)(?:\/|\?|$)/;

export function writeScope(req: Request): WriteScope {
  if (req.method === "GET" || req.method === "HEAD") return "none";
  const url = req.originalUrl;
  if (PERSONAL.test(url)) return "none";
  // Erasing an account re-averages the products it reviewed and cleans its checkouts: rare, so everything goes.
  if (ACCOUNT.test(url)) return url.startsWith("/api/account/delete") ? "all" : "none";
  if (PRODUCT_WRITES.test(url)) return "products";
  return "all";
}

/**
 * Answers that mean the call never reached anything that writes: not signed in, not staff, a cross-site or non-JSON
 * call, no such route. Anyone can provoke them, and they must not empty every process's cache.
 */
const REFUSED = new Set([401, 403, 404, 405]);

/** After a request that may change anything (staff, or unknown), every process's caches are cleared. */
export function publishWrites(changes: CatalogChanges): RequestHandler {
  return (req, res, next) => {
    if (writeScope(req) !== "all") return next();
    res.on("finish", () => {
      if (!REFUSED.has(res.statusCode)) changes.publish({ all: true });
    });
    next();
  };
}

/**
 * What a cached answer shows. `product`: the one product whose stock and price it must show exactly (its answer is
 * dropped as soon as that product changes). `listing`: it also shows other products' stock in passing (a sold-out
 * button, "N left", the hype meter), which may lag a stock change by up to the cache's life, never more.
 */
export interface CachedAnswer {
  key: string;
  product: number | null;
  listing: boolean;
  /** A product page, whose stock is put into each answer (decision 0041): its product's sales leave it cached. */
  stock?: boolean;
}

/** `/api/products...` answers, the same for every visitor: one product (and its reviews), or a listing. */
export function catalogueAnswer(req: Request): CachedAnswer {
  const id = /^\/api\/products\/(\d{1,9})(?:[/?]|$)/.exec(req.originalUrl)?.[1];
  return { key: req.originalUrl, product: id ? Number(id) : null, listing: !id };
}

/** The header's suggestions (`/api/search/suggest?q=`): the same for everyone; they show prices and stock in passing. */
export function suggestionAnswer(req: Request): CachedAnswer {
  return { key: req.originalUrl, product: null, listing: true };
}

/**
 * Pages: a product page is that product's and shows no other product's stock (no cards, no hype meter), so another
 * product's sale leaves it alone, and its own sales are put into each answer (its stock places, decision 0041); the cart page's shared page shows no product at all (each visitor's cart is put into
 * it, decision 0034). Every other page counts as a listing, for whatever it shows. A client-side visit's data
 * (`/product/2.data`, `/_.data` for the home page) is its page's, but has no stock places: a sale drops it.
 */
export function pageAnswer(req: Request): CachedAnswer {
  const path = req.path === "/_.data" ? "/" : req.path.replace(/\.data$/, "");
  const id = /^\/product\/(\d{1,9})$/.exec(path)?.[1];
  return { key: `page:${req.originalUrl}`, product: id ? Number(id) : null, listing: !id && path !== "/cart", stock: Boolean(id) && path === req.path };
}
