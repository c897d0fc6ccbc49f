import { type Request, Router } from "express";
import { z } from "zod";
import { addCartItemSchema, updateCartItemSchema } from "../cart/cart-schemas";
import type { Services } from "../context";
import { assertAddWithinLimit } from "../drops/drop-limits";
import { dropPassCookie } from "../drops/drop-pass";
import { readCookie, setCartCookie } from "./cookies";
import { askerOf } from "./drop-line-router";
import { ownerOf } from "./session";
import { parseInput } from "./validation";
import { FUNNEL_HEADER } from "../../shared/funnel";
import { funnelSessionOf } from "../reports/funnel-events";

/** The solved proof-of-work challenge (the ALTCHA payload) an add of a drop's piece carries in its opening hour. */
export const DROP_PROOF_HEADER = "X-Drop-Proof";
/** The drop passes this request holds, by drop (cookie `drop_pass_{id}`). */
export const passTokensOf = (req: Request) => (dropId: number) => readCookie(req, dropPassCookie(dropId));

const itemId = z.string().regex(/^[1-9]\d{0,9}$/, "must be a positive whole number").transform(Number);

/** SPEC §7 cart calls; every answer is the whole cart: the signed-in account's, else the browser's cart cookie's. */
export function cartRouter(services: Services): Router {
  const router = Router();

  router.get("/", async (req, res) => {
    res.json(await services.cart.getCart({ owner: ownerOf(req) }));
  });

  router.post("/items", async (req, res) => {
    const item = parseInput(addCartItemSchema, req.body, "Invalid cart item");
    // A drop's piece only when its drop sells to this visitor now; in its opening hour, with a solved challenge.
    await services.drops.gate.assertAddAllowed({ productId: item.productId, passTokens: passTokensOf(req), proof: req.get(DROP_PROOF_HEADER) ?? null, asker: askerOf(req) });
    // A courtesy: more of one piece than its drop's per-customer limit is refused now, not at checkout.
    await assertAddWithinLimit({ index: services.drops.index, productId: item.productId, quantity: item.quantity });
    const { cart, token } = await services.cart.addCartItem({ owner: ownerOf(req), item });
    if (token) setCartCookie(req, res, token);
    await services.funnel.addedToCart(funnelSessionOf(req.get(FUNNEL_HEADER)), item.productId);
    res.status(201).json(cart);
  });

  router.patch("/items/:id", async (req, res) => {
    const id = parseInput(itemId, req.params.id, "Invalid cart item id");
    const { quantity } = parseInput(updateCartItemSchema, req.body, "Invalid quantity");
    await services.drops.gate.assertChangeAllowed({ owner: ownerOf(req), itemId: id, quantity, passTokens: passTokensOf(req) });
    res.json(await services.cart.updateCartItem({ owner: ownerOf(req), itemId: id, quantity }));
  });

  router.delete("/items/:id", async (req, res) => {
    const id = parseInput(itemId, req.params.id, "Invalid cart item id");
    res.json(await services.cart.removeCartItem({ owner: ownerOf(req), itemId: id }));
  });

  router.delete("/", async (req, res) => {
    res.json(await services.cart.clearCart({ owner: ownerOf(req) }));
  });

  return router;
}
