import { timingSafeEqual } from "node:crypto";
import { type Request, Router } from "express";
import { z } from "zod";
import { AUDIT_ENTITIES } from "../audit/audit-log";
import { creditAdjustmentSchema } from "../credit/credit-schemas";
import { adjustGiftCardSchema, giftCardIdSchema, giftCardStatusSchema, issueGiftCardSchema } from "../gift-cards/gift-card-schemas";
import { bulkEditSchema, catalogImportSchema, emptyBodySchema, photoChangeSchema, photoQuery, productChangeSchema, productFieldsSchema, variantChangeSchema } from "../catalog/admin-schemas";
import { collectionChangeSchema, collectionFieldsSchema } from "../catalog/collection-schemas";
import type { Services } from "../context";
import { discountChangeSchema, discountFieldsSchema } from "../orders/discount-schemas";
import { ORDER_STATUSES, PRODUCT_STATUSES, RETURN_STATUSES } from "../db/schema";
import { AppError } from "../errors";
import { statusChangeSchema } from "../orders/staff-order-schemas";
import { orderEditQuery, orderEditSchema } from "../order-edits/edit-schemas";
import { returnDecisionSchema, staffRefundSchema } from "../orders/refund-schemas";
import { storeSlug } from "../../shared/store-settings";
import { sendCsv } from "./csv-download";
import { refusal, staffRouter } from "./staff-guard";
import { numericId, parseInput } from "./validation";

const pageNumber = z.string().regex(/^\d{1,5}$/).transform(Number).pipe(z.number().min(1));
const ordersQuery = z.object({ status: z.enum(ORDER_STATUSES).optional(), q: z.string().trim().max(100).optional(), page: pageNumber.optional() }).strict();
const productsQuery = z
  .object({ q: z.string().trim().max(100).optional(), status: z.enum(PRODUCT_STATUSES).optional(), category: z.string().regex(/^[a-z0-9-]{1,40}$/, "must be a collection").optional(), page: pageNumber.optional() })
  .strict();
const returnsQuery = z.object({ status: z.enum(RETURN_STATUSES).optional() }).strict();
const customersQuery = z.object({ q: z.string().trim().max(100).optional(), page: pageNumber.optional() }).strict();
const orderNumber = z.string().regex(/^VS-\d{1,12}$/, "must be an order number like VS-100123");
const discountCodeParam = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_-]{0,39}$/, "must be a discount code");
const bulkGridQuery = z.object({ q: z.string().trim().max(100).optional(), category: z.string().regex(/^[a-z0-9-]{1,40}$/, "must be a collection").optional() }).strict();
const jobId = z.uuid("must be a job id");
const day = z.iso.date("must be a date like 2026-11-25").transform((d) => new Date(`${d}T00:00:00Z`));
const auditQuery = z
  .object({
    productId: numericId.optional(),
    entity: z.enum(AUDIT_ENTITIES).optional(),
    entityId: z.string().trim().min(1).max(100).optional(),
    actor: z.string().trim().min(1).max(120).optional(),
    action: z.string().trim().regex(/^[a-z0-9_.:-]{1,60}$/, "must be an action name").optional(),
    from: day.optional(),
    to: day.transform((d) => new Date(d.getTime() + 86_400_000)).optional(),
    before: numericId.optional(),
  })
  .strict()
  .refine((q) => !q.from || !q.to || q.from < q.to, { path: ["to"], message: "must not be before from" });

/** Staff-only calls; the role is checked here, on the server, for every one of them. */
export function adminRouter(services: Services): Router {
  const router = staffRouter();
  const actor = (req: Request) => `staff:${req.user!.username}`;

  router.get("/orders", "orders.read", async (req, res) => {
    res.json(await services.admin.listOrders(parseInput(ordersQuery, req.query, "Invalid query")));
  });
  router.get("/orders/:orderNumber", "orders.read", async (req, res) => {
    res.json(await services.admin.getOrder({ orderNumber: parseInput(orderNumber, req.params.orderNumber, "Invalid order number") }));
  });
  router.post("/orders/:orderNumber/status", "orders.fulfil", async (req, res) => {
    const { status, note, shipment } = parseInput(statusChangeSchema, req.body, "Invalid status change");
    // A canceled paid order is refunded: canceling needs the refund permission as well as the route's.
    if (status === "canceled") {
      const refused = refusal(req.user, "refunds", true);
      if (refused) throw refused;
    }
    const number = parseInput(orderNumber, req.params.orderNumber, "Invalid order number");
    res.json(await services.admin.changeOrderStatus({ orderNumber: number, to: status, note, shipment, actor: actor(req) }));
  });
  // Order edits (issue 51): ?preview=1 prices the edit and changes nothing.
  router.post("/orders/:orderNumber/edits", "orders.edit", async (req, res) => {
    const number = parseInput(orderNumber, req.params.orderNumber, "Invalid order number");
    const { preview } = parseInput(orderEditQuery, req.query, "Invalid query");
    const input = parseInput(orderEditSchema, req.body, "Invalid order edit");
    const previewing = preview === "1" || preview === "true";
    res.status(previewing ? 200 : 201).json(await services.orderEdits.editOrder({ orderNumber: number, input, preview: previewing, actor: actor(req), actorName: req.user!.name }));
  });
  router.post("/orders/:orderNumber/refunds", "refunds", async (req, res) => {
    const input = parseInput(staffRefundSchema, req.body, "Invalid refund");
    res.status(201).json(await services.admin.refundOrder({ orderNumber: parseInput(orderNumber, req.params.orderNumber, "Invalid order number"), input, actor: actor(req) }));
  });
  router.get("/returns", "orders.read", async (req, res) => {
    res.json(await services.admin.listReturns(parseInput(returnsQuery, req.query, "Invalid query")));
  });
  router.post("/returns/:returnNumber", "refunds", async (req, res) => {
    const returnNumber = parseInput(z.string().regex(/^VS-\d{1,12}-R\d{1,4}$/, "must be a return number like VS-100123-R1"), req.params.returnNumber, "Invalid return number");
    res.json(await services.admin.decideReturn({ returnNumber, decision: parseInput(returnDecisionSchema, req.body, "Invalid decision"), actor: actor(req) }));
  });
  router.get("/stats/sales", "reports.read", async (_req, res) => {
    res.json(await services.admin.salesByDay());
  });
  router.get("/products", "products.write", async (req, res) => {
    res.json(await services.admin.listProducts(parseInput(productsQuery, req.query, "Invalid query")));
  });
  router.get("/products/:id", "products.write", async (req, res) => {
    res.json(await services.admin.getProduct({ id: parseInput(numericId, req.params.id, "Invalid product id") }));
  });
  router.post("/products", "products.write", async (req, res) => {
    const created = await services.admin.createProduct({ input: parseInput(productFieldsSchema, req.body, "Invalid product"), actor: actor(req) });
    res.status(201).json(await services.admin.getProduct({ id: created.id }));
  });
  router.patch("/products/:id", "products.write", async (req, res) => {
    const id = parseInput(numericId, req.params.id, "Invalid product id");
    await services.admin.updateProduct({ id, change: parseInput(productChangeSchema, req.body, "Invalid product"), actor: actor(req) });
    res.json(await services.admin.getProduct({ id }));
  });
  router.post("/products/:id/duplicate", "products.write", async (req, res) => {
    parseInput(emptyBodySchema, req.body, "Invalid request");
    const copy = await services.admin.duplicateProduct({ id: parseInput(numericId, req.params.id, "Invalid product id"), actor: actor(req) });
    res.status(201).json(await services.admin.getProduct({ id: copy.id }));
  });
  router.delete("/variants/:id", "products.write", async (req, res) => {
    const { productId } = await services.admin.deleteVariant({ variantId: parseInput(numericId, req.params.id, "Invalid variant id"), actor: actor(req) });
    res.json(await services.admin.getProduct({ id: productId }));
  });
  router.get("/tax-categories", "products.write", async (_req, res) => {
    res.json({ taxCategories: await services.admin.listTaxCategories() });
  });
  router.get("/catalog.csv", "products.write", async (_req, res) => {
    const store = storeSlug((await services.settings.storefront()).name);
    await sendCsv(res, `${store}-products-${new Date().toISOString().slice(0, 10)}.csv`, await services.admin.exportCatalog());
  });
  router.post("/catalog/import", "products.write", async (req, res) => {
    const { csv, dryRun, defaultCollection } = parseInput(catalogImportSchema, req.body, "Invalid import");
    const report = await services.admin.importCatalog({ text: csv, dryRun, defaultCollection, actor: actor(req) });
    if (!dryRun && !report.imported) {
      const n = report.refused.length;
      res.status(400).json({ message: `${n} ${n === 1 ? "line is" : "lines are"} refused; nothing was imported`, code: "bad_request", ...report });
      return;
    }
    res.json(report);
  });
  router.post("/products/:id/photos", "products.write", async (req, res) => {
    const id = parseInput(numericId, req.params.id, "Invalid product id");
    const { alt, color } = parseInput(photoQuery, req.query, "Invalid photo");
    if (!Buffer.isBuffer(req.body)) throw new AppError("bad_request", "Send the photo's bytes as the request body (Content-Type: image/jpeg, image/png, image/webp or image/avif)");
    const photo = await services.admin.addPhoto({ productId: id, file: req.body, alt, color, actor: actor(req) });
    res.status(201).json({ photo, photos: await services.admin.listPhotos({ productId: id }) });
  });
  router.patch("/photos/:id", "products.write", async (req, res) => {
    const change = parseInput(photoChangeSchema, req.body, "Invalid photo");
    const { productId } = await services.admin.updatePhoto({ photoId: parseInput(numericId, req.params.id, "Invalid photo id"), change, actor: actor(req) });
    res.json({ photos: await services.admin.listPhotos({ productId }) });
  });
  router.delete("/photos/:id", "products.write", async (req, res) => {
    const { productId } = await services.admin.deletePhoto({ photoId: parseInput(numericId, req.params.id, "Invalid photo id"), actor: actor(req) });
    res.json({ photos: await services.admin.listPhotos({ productId }) });
  });
  router.get("/bulk-edit", "products.write", async (req, res) => {
    res.json(await services.admin.bulkEditGrid(parseInput(bulkGridQuery, req.query, "Invalid query")));
  });
  router.post("/bulk-edit", "products.write", async (req, res) => {
    res.json(await services.admin.applyBulkEdit({ edit: parseInput(bulkEditSchema, req.body, "Invalid bulk edit"), actor: actor(req) }));
  });
  router.patch("/variants/:id", "products.write", async (req, res) => {
    const change = parseInput(variantChangeSchema, req.body, "Invalid variant");
    res.json(await services.admin.updateVariant({ variantId: parseInput(numericId, req.params.id, "Invalid variant id"), change, actor: actor(req) }));
  });
  router.get("/collections", "products.write", async (_req, res) => {
    res.json(await services.admin.listCollections());
  });
  router.post("/collections", "products.write", async (req, res) => {
    await services.admin.createCollection({ input: parseInput(collectionFieldsSchema, req.body, "Invalid collection"), actor: actor(req) });
    res.status(201).json(await services.admin.listCollections());
  });
  router.patch("/collections/:id", "products.write", async (req, res) => {
    const change = parseInput(collectionChangeSchema, req.body, "Invalid collection");
    await services.admin.updateCollection({ id: parseInput(numericId, req.params.id, "Invalid collection id"), change, actor: actor(req) });
    res.json(await services.admin.listCollections());
  });
  router.delete("/collections/:id", "products.write", async (req, res) => {
    await services.admin.deleteCollection({ id: parseInput(numericId, req.params.id, "Invalid collection id"), actor: actor(req) });
    res.json(await services.admin.listCollections());
  });
  router.get("/customers", "customers.read", async (req, res) => {
    res.json(await services.admin.listCustomers(parseInput(customersQuery, req.query, "Invalid query")));
  });
  router.get("/customers/:email", "customers.read", async (req, res) => {
    res.json(await services.admin.getCustomer({ email: parseInput(z.email("must be an email address").max(254), req.params.email, "Invalid email") }));
  });
  router.post("/customers/:email/credit", "customers.credit", async (req, res) => {
    const email = parseInput(z.email("must be an email address").max(254), req.params.email, "Invalid email");
    res.status(201).json(await services.storeCredit.adjustCredit({ email, input: parseInput(creditAdjustmentSchema, req.body, "Invalid credit adjustment"), actor: actor(req) }));
  });
  // Gift cards (issue 51): the code is in the issuing answer only; everything after names the card by id and last 4.
  router.get("/gift-cards", "giftcards.write", async (_req, res) => {
    res.json(await services.giftCards.listGiftCards({}));
  });
  router.post("/gift-cards", "giftcards.write", async (req, res) => {
    res.status(201).json(await services.giftCards.issueGiftCard({ input: parseInput(issueGiftCardSchema, req.body, "Invalid gift card"), actor: actor(req) }));
  });
  router.get("/gift-cards/:id", "giftcards.write", async (req, res) => {
    res.json(await services.giftCards.getGiftCard({ id: parseInput(giftCardIdSchema, req.params.id, "Invalid gift card") }));
  });
  router.patch("/gift-cards/:id", "giftcards.write", async (req, res) => {
    const id = parseInput(giftCardIdSchema, req.params.id, "Invalid gift card");
    res.json(await services.giftCards.setGiftCardStatus({ id, input: parseInput(giftCardStatusSchema, req.body, "Invalid gift card change"), actor: actor(req) }));
  });
  router.post("/gift-cards/:id/adjustments", "giftcards.write", async (req, res) => {
    const id = parseInput(giftCardIdSchema, req.params.id, "Invalid gift card");
    res.status(201).json(await services.giftCards.adjustGiftCard({ id, input: parseInput(adjustGiftCardSchema, req.body, "Invalid gift card adjustment"), actor: actor(req) }));
  });
  router.get("/discounts", "discounts.write", async (_req, res) => {
    res.json(await services.admin.listDiscounts());
  });
  router.post("/discounts", "discounts.write", async (req, res) => {
    await services.admin.createDiscount({ input: parseInput(discountFieldsSchema, req.body, "Invalid discount"), actor: actor(req) });
    res.status(201).json(await services.admin.listDiscounts());
  });
  router.patch("/discounts/:code", "discounts.write", async (req, res) => {
    const code = parseInput(discountCodeParam, req.params.code, "Invalid code");
    await services.admin.updateDiscount({ code, change: parseInput(discountChangeSchema, req.body, "Invalid discount"), actor: actor(req) });
    res.json(await services.admin.listDiscounts());
  });
  router.get("/newsletter.csv", "customers.export", async (_req, res) => {
    const store = storeSlug((await services.settings.storefront()).name);
    await sendCsv(res, `${store}-subscribers-${new Date().toISOString().slice(0, 10)}.csv`, services.admin.exportSubscribers());
  });
  router.get("/feed-summary", "settings", async (_req, res) => {
    res.json(await services.feed.summary());
  });
  router.post("/feed-token", "settings", async (req, res) => {
    parseInput(emptyBodySchema, req.body, "Invalid request");
    res.json({ scheduledUrl: await services.feed.rotateToken({ actor: actor(req) }) });
  });
  router.get("/jobs", "settings", async (_req, res) => {
    res.json(await services.jobs.overview());
  });
  router.post("/jobs/:id/retry", "settings", async (req, res) => {
    parseInput(emptyBodySchema, req.body, "Invalid request");
    await services.jobs.retry({ id: parseInput(jobId, req.params.id, "Invalid job id"), actor: actor(req) });
    res.json({ retried: true });
  });
  router.get("/audit", "staff.manage", async (req, res) => {
    res.json(await services.admin.listAudit(parseInput(auditQuery, req.query, "Invalid query")));
  });
  return router.router;
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** What staff need to download the catalog feed without the token. */
export const FEED_PERMISSION = "settings";

/** GET /api/instagram-shop/feed: for staff, or for Meta's scheduled fetch with ?token= (FEED_TOKEN or the stored one). */
export function feedRouter(services: Services): Router {
  const router = Router();
  router.get("/feed", async (req, res) => {
    const token = typeof req.query.token === "string" ? req.query.token : null;
    const byToken = Boolean(token && sameSecret(token, await services.feed.token()));
    if (!byToken) {
      const refused = refusal(req.user, FEED_PERMISSION);
      if (refused) throw refused.status === 401 ? new AppError("unauthorized", "Sign in as staff, or use the feed token") : refused;
    }
    res.set("Content-Type", "text/csv; charset=utf-8");
    const store = storeSlug((await services.settings.storefront()).name);
    res.set("Content-Disposition", `attachment; filename="${store}-instagram-catalog-${new Date().toISOString().slice(0, 10)}.csv"`);
    res.set("Cache-Control", "no-store");
    await services.feed.write({ out: res });
  });
  return router;
}
