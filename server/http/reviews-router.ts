import { type Request, Router } from "express";
import { z } from "zod";
import type { Services } from "../context";
import { rejectReviewSchema, replyReviewSchema, reviewListQuerySchema, reviewSchema, staffReviewQuerySchema } from "../reviews/review-schemas";
import { requireUser } from "./session";
import { requirePermission } from "./staff-guard";
import { parseInput } from "./validation";

const productId = z.string().regex(/^[1-9]\d{0,8}$/, "must be a product id").transform(Number);
const reviewId = z.uuid("must be a review id");

/**
 * Reviews (issue 18): anyone reads a product's published reviews; a signed-in buyer of a delivered order writes one
 * and edits or deletes it (another's answers 404); staff publish, reject and reply.
 */
export function reviewsRouter(services: Services): Router {
  const router = Router();
  const userId = (req: Request) => req.user!.id;
  const product = (req: Request) => parseInput(productId, req.params.id, "Invalid product id");
  const review = (req: Request) => parseInput(reviewId, req.params.id, "Invalid review id");

  router.get("/products/:id/reviews", async (req, res) => {
    const query = parseInput(reviewListQuerySchema, req.query, "Invalid query");
    res.json(await services.reviews.list({ productId: product(req), query }));
  });
  // Personal, so under /api/account: the catalogue's /api/products answers are cached for everyone.
  router.get("/account/reviews/:id", requireUser, async (req, res) => {
    res.json(await services.reviews.eligibility({ userId: userId(req), productId: product(req) }));
  });
  router.post("/products/:id/reviews", requireUser, async (req, res) => {
    const input = parseInput(reviewSchema, req.body, "Invalid review");
    res.status(201).json(await services.reviews.write({ userId: userId(req), productId: product(req), input }));
  });
  router.put("/reviews/:id", requireUser, async (req, res) => {
    const input = parseInput(reviewSchema, req.body, "Invalid review");
    res.json(await services.reviews.edit({ userId: userId(req), reviewId: review(req), input }));
  });
  router.delete("/reviews/:id", requireUser, async (req, res) => {
    await services.reviews.remove({ userId: userId(req), reviewId: review(req) });
    res.status(204).end();
  });

  const actor = (req: Request) => `staff:${req.user!.username}`;
  router.get("/admin/reviews", requirePermission("products.write"), async (req, res) => {
    const { status, page } = parseInput(staffReviewQuerySchema, req.query, "Invalid query");
    res.json(await services.reviews.staff.list({ status, page }));
  });
  router.post("/admin/reviews/:id/publish", requirePermission("products.write"), async (req, res) => {
    parseInput(z.object({}).strict(), req.body ?? {}, "Invalid request");
    res.json(await services.reviews.staff.publish({ id: review(req), actor: actor(req) }));
  });
  router.post("/admin/reviews/:id/reject", requirePermission("products.write"), async (req, res) => {
    const { reason } = parseInput(rejectReviewSchema, req.body, "Invalid rejection");
    res.json(await services.reviews.staff.reject({ id: review(req), reason, actor: actor(req) }));
  });
  router.put("/admin/reviews/:id/reply", requirePermission("products.write"), async (req, res) => {
    const { reply } = parseInput(replyReviewSchema, req.body, "Invalid reply");
    res.json(await services.reviews.staff.reply({ id: review(req), reply, actor: actor(req) }));
  });
  return router;
}
