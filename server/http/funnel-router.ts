import { Router } from "express";
import { z } from "zod";
import type { Services } from "../context";
import { FUNNEL_SESSION_PATTERN } from "../../shared/funnel";
import { ownerOf } from "./session";
import { parseInput } from "./validation";

/** The product page's beacon: its visit's random session id and the product; nothing else is accepted. */
export const viewedSchema = z
  .object({
    session: z.string().regex(FUNNEL_SESSION_PATTERN, "must be a session id made by the page"),
    productId: z.number({ error: "must be a product id" }).int("must be a product id").min(1, "must be a product id").max(2_147_483_647, "must be a product id"),
  })
  .strict();

/** The checkout page's beacon: its visit's session only (the cart says what is in checkout). */
export const checkoutSchema = z.object({ session: viewedSchema.shape.session }).strict();

/**
 * POST /api/funnel/view (issue 52, decision 0057): the product page sends it with navigator.sendBeacon once idle, so
 * the page itself stays one cached page for every visitor. It counts a product view for the session and answers 204
 * with nothing to read; the other stages are counted by the calls that make them (cart, quote, payment), and the
 * checkout page's own beacon. Mounted after the session, so a signed-in shopper's cart is theirs.
 */
export function funnelRouter(services: Services): Router {
  const router = Router();
  router.post("/funnel/view", async (req, res) => {
    const { session, productId } = parseInput(viewedSchema, req.body, "Invalid view");
    await services.funnel.viewed(session, productId);
    res.set("Cache-Control", "no-store").status(204).end();
  });
  // POST /api/funnel/checkout: the checkout page, once open, counts "began checkout" with what the visitor's cart holds
  // (the quote counts it too, but only once an address or a code is typed).
  router.post("/funnel/checkout", async (req, res) => {
    const { session } = parseInput(checkoutSchema, req.body, "Invalid checkout");
    await services.funnel.beganCheckout(session, ownerOf(req));
    res.set("Cache-Control", "no-store").status(204).end();
  });
  return router;
}
