import express, { Router } from "express";
import type { Services } from "../context";
import { accountRouter } from "./account-router";
import { alertsRouter } from "./alerts-router";
import { adminRouter, feedRouter } from "./admin-router";
import { taxShippingRouter } from "./tax-shipping-router";
import { authRouter } from "./auth-router";
import { staffInvitationRouter } from "./staff-invitation-router";
import { cartRouter } from "./cart-router";
import { checkoutRouter } from "./checkout-router";
import { contentRouter } from "./content-router";
import { contentAdminRouter } from "./content-admin-router";
import { menusRouter } from "./menus-router";
import { adminSearchRouter } from "./admin-search-router";
import { stylistRouter } from "./stylist-router";
import { webhookRouter } from "./webhook-router";
import { apiNotFound } from "./errors";
import { productsRouter } from "./products-router";
import { dropsRouter } from "./drops-router";
import { dropLineRouter } from "./drop-line-router";
import { earlyAccessRouter } from "./early-access-router";
import { searchAdminRouter, searchRouter } from "./search-router";
import { reviewsRouter } from "./reviews-router";
import { settingsRouter } from "./settings-router";
import { reportsRouter } from "./reports-router";
import { funnelRouter } from "./funnel-router";
import { consentRouter } from "./consent-router";
import { recoveryAdminRouter, recoveryRouter } from "./recovery-router";
import { staffAdminRouter } from "./staff-router";
import { securityRouter } from "./security-router";
import { homeAdminRouter } from "./home-admin-router";
import { dropsAdminRouter } from "./drops-admin-router";
import { PHOTO_UPLOAD, requireSameOriginJson } from "./same-origin";
import { loadSession } from "./session";
import { viewerRouter } from "./viewer";
import { holdUnfinishedStaff, requirePermission, type PermissionGuard } from "./staff-guard";
import { refuseUnstorableBody } from "./unstorable-text";

export const JSON_BODY_LIMIT = "100kb";
const IMPORT_BODY_LIMIT = "25mb";
const CATALOG_IMPORT_PATH = "/admin/catalog/import";
const photoGuards: Record<string, PermissionGuard> = { settings: requirePermission("settings"), content: requirePermission("content.write"), products: requirePermission("products.write") };
/** Refuses an upload before its bytes are read: the logo needs settings, a content photo content.write, else products.write. */
const photoUploadGuard: express.RequestHandler = (req, res, next) => (photoGuards[req.path.split("/")[2] ?? ""] ?? photoGuards.products!)(req, res, next);

/** Every /api call of SPEC §7. */
export function apiRouter(services: Services): Router {
  const router = Router();
  router.use("/webhooks", webhookRouter(services));
  router.use(requireSameOriginJson);
  // A catalogue import carries its CSV (up to 25 MB) in JSON: only staff get the larger limit, checked before parsing.
  router.use(CATALOG_IMPORT_PATH, loadSession(services), requirePermission("products.write"), express.json({ limit: IMPORT_BODY_LIMIT, strict: false }));
  // A photo or logo upload is the file itself (up to 20 MB, staff only); what it is, is decided by decoding it.
  router.post(PHOTO_UPLOAD, loadSession(services), photoUploadGuard, express.raw({ type: () => true, limit: "20mb" }));
  router.use(express.json({ limit: JSON_BODY_LIMIT, strict: false }), refuseUnstorableBody);
  router.use((_req, res, next) => {
    res.set("Cache-Control", "no-store");
    next();
  });

  // For a balancer: 503 from the moment SIGTERM arrives (while the store still answers for SHUTDOWN_DELAY_MS).
  router.get("/health/ready", async (req, res) => {
    if (!services.health.ready()) return void res.status(503).set("Retry-After", "5").json({ status: "stopping" });
    try {
      await services.health.checkDatabase();
      res.json({ status: "ready" });
    } catch (err) {
      req.log.error({ err }, "readiness check failed");
      res.status(503).set("Retry-After", "5").json({ status: "error", database: "unavailable" });
    }
  });

  router.get("/health", async (req, res) => {
    try {
      await services.health.checkDatabase();
      res.json({ status: "ok", database: "ok" });
    } catch (err) {
      req.log.error({ err }, "health check failed");
      res.status(503).json({ status: "error", database: "unavailable" });
    }
  });

  router.use("/products", productsRouter(services));
  router.use("/drops", dropsRouter(services));
  router.use("/search", searchRouter(services));
  router.use(consentRouter(services));
  router.use(loadSession(services));
  router.use(funnelRouter(services));
  // A drop's waiting room: after the session (its limits count per account); more specific than GET /drops/{slug}.
  router.use("/drops", dropLineRouter(services));
  router.use(earlyAccessRouter(services));
  router.use("/auth", authRouter(services));
  router.use("/auth", staffInvitationRouter(services));
  router.use("/cart", cartRouter(services));
  router.use(viewerRouter(services));
  router.use("/cart", recoveryRouter(services));
  router.use(contentRouter(services));
  router.use(alertsRouter(services));
  router.use("/ai", stylistRouter(services));
  router.use(reviewsRouter(services));
  router.use("/admin/settings", settingsRouter(services));
  router.use("/admin/reports", reportsRouter(services));
  router.use("/admin/content", contentAdminRouter(services));
  router.use("/admin/menus", menusRouter(services));
  router.use("/admin/recovery", recoveryAdminRouter(services));
  router.use("/admin/search", adminSearchRouter(services));
  router.use("/admin", searchAdminRouter(services));
  router.use("/admin/security", securityRouter(services));
  router.use("/admin", homeAdminRouter(services));
  router.use("/admin/drops", dropsAdminRouter(services));
  router.use("/admin", adminRouter(services));
  router.use("/admin", staffAdminRouter(services));
  router.use("/admin", taxShippingRouter(services));
  router.use("/instagram-shop", feedRouter(services));
  router.use(checkoutRouter(services));
  router.use("/account", holdUnfinishedStaff);
  router.use(accountRouter(services));
  router.use(apiNotFound);
  return router;
}
