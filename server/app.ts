import compression from "compression";
import type { TrustProxy } from "./http/trust-proxy";
import express, { type Request } from "express";
import type { Services } from "./context";
import { apiRouter } from "./http/api";
import { errorHandler } from "./http/errors";
import { imagesRouter } from "./http/images-router";
import { seoRouter } from "./http/seo-router";
import { unsubscribeRouter } from "./http/unsubscribe-router";
import { createResponseCache, isAnonymous } from "./http/response-cache";
import { catalogueAnswer, suggestionAnswer, pageAnswer, publishWrites } from "./http/cache-rules";
import { mediaRouter } from "./http/media-router";
import { requestContext } from "./http/request-context";
import { withoutTrailingSlash } from "./http/trailing-slash";
import { refuseUnstorableUrl } from "./http/unstorable-text";
import { securityHeaders } from "./http/security";
import { createViewerMemo, stitchViewerPages } from "./http/viewer";
import { createStockFills } from "./http/stock-fill";
import { localGet } from "./http/local-request";
import { passingPhaseChanges, renderAheadOfPhaseChanges, warmUpAtPhaseChanges } from "./http/phase-warm-up";
import { stockPlaces } from "../shared/product-stock";
import { viewerPlaces } from "../shared/viewer";
import { isPublicRequest } from "./http/public-request";
import { measureRequests, metricsEndpoint } from "./metrics/metrics-http";
import type { Logger } from "./logger";
import type { Pages } from "./http/pages";

export interface CreateAppOptions {
  services: Services;
  logger: Logger;
  production: boolean;
  /** Serves the React Router pages and their assets; tests of the API leave it out. */
  pages?: Pages | null;
  /** Mark cookies Secure (and name the session cookie __Host-session) even when the request itself is not HTTPS. */
  secureCookies?: boolean;
  /** How long anonymous catalogue reads and pages may be served from memory (0 turns the cache off). */
  cacheTtlMs?: number;
  /** GET /metrics answers to this bearer token; without one it is not served on this port (decision 0025). */
  metricsToken?: string | null;
  /** TRUST_PROXY: whose X-Forwarded-For gives the visitor's address (server/http/trust-proxy.ts); the proxy on this machine by default. */
  trustProxy?: TrustProxy;
}

/** Whether the response cache may hold this request's page: see createApp. */
function storedPage(req: Request): boolean {
  if (req.path.startsWith("/api/")) return false;
  // A page opened from an emailed link's secret (an early-access link's ?token=) is its holder's: never kept.
  if (/[?&]token=/.test(req.originalUrl)) return false;
  if (req.path.endsWith(".data")) return isPublicRequest(req);
  return !req.path.includes(".") && (isAnonymous(req) || isPublicRequest(req));
}

export function createApp({ services, logger, production, pages = null, secureCookies = false, cacheTtlMs = 0, metricsToken = null, trustProxy = ["loopback"] }: CreateAppOptions) {
  const app = express();
  app.locals.secureCookies = secureCookies;
  app.disable("x-powered-by");
  app.set("trust proxy", trustProxy);
  app.use(measureRequests(services.metrics));
  app.use(requestContext(logger));
  // A drop's phase change due on the service clock is passed before any cache is asked (decision 0050).
  app.use(passingPhaseChanges(services.drops.index));
  // A NUL or undecodable bytes in the address are a 400 here, before any route or page reads them (issue 32).
  app.use(refuseUnstorableUrl);
  app.use(withoutTrailingSlash);
  app.use(compression());
  app.get("/metrics", metricsEndpoint(services.metrics, metricsToken));
  app.use(securityHeaders({ production, stripe: services.payments.name === "stripe", gtm: Boolean(services.publicConfig.gtmId), mediaUrl: services.media.publicUrl }));
  // Staff (and unknown) writes clear every cache in every process; checkouts publish only what they changed (decision 0022).
  app.use(publishWrites(services.catalogChanges));
  // A visitor with a session or a cart gets a copy of the page with their viewer stitched in (decision 0034).
  const viewers = createViewerMemo({ ttlMs: Math.min(cacheTtlMs, 2000) });
  app.use(viewers.forgetOnWrites());
  if (pages) app.use(stitchViewerPages(services, viewers, pages.renderCartPage));
  if (cacheTtlMs > 0) {
    // A touched listing goes on serving every visitor but one who wrote since its render began (decision 0022).
    // A product page's stock is put into each answer from its latest read, so its sales leave it cached (decision 0041).
    const stockFills = pages ? createStockFills({ read: (id) => services.catalog.findProduct({ id }), readStock: (id) => services.catalog.variantStock({ id }), renderPurchase: pages.renderPurchase }) : undefined;
    if (stockFills) services.catalogChanges.subscribe((change) => stockFills.apply(change));
    const stock = stockFills && { places: stockPlaces, fillFor: stockFills.fillFor };
    // An expired answer is rendered anew by a request of the store's own, through this app, in this process.
    const renew = (url: string, headers: Record<string, string>) => localGet(app, url, headers, cacheTtlMs);
    const cache = createResponseCache({ ttlMs: cacheTtlMs, onResult: services.metrics.cacheResult, places: viewerPlaces, wroteSince: viewers.wroteSince, stock, renew });
    services.catalogChanges.subscribe((change) => cache.apply(change));
    // Catalogue reads are the same for everyone.
    app.use("/api/products", cache.middleware(catalogueAnswer));
    // The header's suggestions: one entry per query typed, so they get their own bound and can't push pages out (issue 33).
    const suggestions = createResponseCache({ ttlMs: cacheTtlMs, maxEntries: 500, onResult: services.metrics.cacheResult });
    services.catalogChanges.subscribe((change) => suggestions.apply(change));
    app.use("/api/search/suggest", suggestions.middleware(suggestionAnswer));
    // Pages only: files (anything else with an extension) and the API have their own caching. A public page is one
    // render for every visitor (its loaders never see the visitor), and so is a client-side visit's data for it; the
    // other pages only for anonymous visitors.
    app.use(cache.middleware((req) => (storedPage(req) ? pageAnswer(req) : null)));
    // At a drop's phase change its page and its products' pages are rendered first, so the crowd meets them in memory.
    // A few seconds before, they are rendered as of that instant, and stored at it (decision 0051).
    if (pages) {
      // Page keys are `page:` and the address (cache-rules.ts pageAnswer).
      const installAhead = (due: Date) => cache.installAhead(due).map((key) => key.replace(/^page:/, ""));
      warmUpAtPhaseChanges({ index: services.drops.index, get: (path) => localGet(app, path, {}, cacheTtlMs), installAhead, logger });
      renderAheadOfPhaseChanges({ index: services.drops.index, clock: services.drops.now, render: (path, due) => localGet(app, path, cache.aheadHeaders(due), cacheTtlMs), logger });
    }
  }
  app.use("/api", apiRouter(services));
  app.use("/images", imagesRouter(services));
  app.use("/media", mediaRouter(services));
  app.use(seoRouter(services));
  app.use(unsubscribeRouter(services));
  if (pages) app.use(...pages.handlers);
  app.use(errorHandler);
  return app;
}
