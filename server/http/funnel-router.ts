import { Router } from "express";
import { z } from "zod";
import type { Services } from "../context";
import { FUNNEL_SESSION_PATTERN } from "../../shared/funnel";
import { parseInput } from "./validation";

/** The product page's beacon: its visit's random session id and the product; nothing else is accepted. */
export const viewedSchema = z
  .object({
    session: z.string().regex(FUNNEL_SESSION_PATTERN, "must be a session id made by the page"),
    productId: z.number({ error: "must be a product id" }).int("must be a product id").min(1, "must be a product id").max(2_147_483_647, "must be a product id"),
  })
  .strict();

/**
 * POST /api/funnel/view (issue 52, decision 0057): the product page sends it with navigator.sendBeacon once idle, so
 * the page itself stays one cached page for every visitor. It counts a product view for the session and answers 204
 * with nothing to read; the other stages are counted by the calls that make them (cart, quote, payment).
 */
export function funnelRouter(services: Services): Router {
  const router = Router();
  router.post("/funnel/view", async (req, res) => {
    const { session, productId } = parseInput(viewedSchema, req.body, "Invalid view");
    await services.funnel.viewed(session, productId);
    res.set("Cache-Control", "no-store").status(204).end();
  });
  return router;
}
