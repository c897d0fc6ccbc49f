import { Router } from "express";
import { z } from "zod";
import type { Services } from "../context";
import { AppError } from "../errors";
import { checkoutDetailsSchema, quoteSchema } from "../orders/checkout-schemas";
import { last4Schema, redeemGiftCardSchema } from "../gift-cards/gift-card-schemas";
import { orderLookupSchema } from "../orders/order-lookup-schemas";
import { returnRequestSchema } from "../orders/refund-schemas";
import { authenticateTestPaymentSchema, confirmTestPaymentSchema } from "../payments/test-payments";
import { passTokensOf } from "./cart-router";
import { ownerOf } from "./session";
import { parseInput } from "./validation";
import { FUNNEL_HEADER } from "../../shared/funnel";
import { funnelSessionOf } from "../reports/funnel-events";

const intentId = z.string().regex(/^pi_[A-Za-z0-9_]{6,120}$/, "must be a payment id");

/** Checkout (SPEC §7 create-payment-intent, order-status) and the built-in test provider's card form. */
export function checkoutRouter(services: Services): Router {
  const router = Router();

  router.post("/create-payment-intent", async (req, res) => {
    // A refused checkout is counted by its error code (the error handler leaves it in res.locals).
    res.once("finish", () => res.statusCode >= 400 && services.metrics.checkoutFailed(res.locals.errorCode ?? "other"));
    const details = parseInput(checkoutDetailsSchema, req.body, "Invalid checkout details");
    await services.drops.gate.assertCartSells({ owner: ownerOf(req), passTokens: passTokensOf(req) });
    const started = await services.checkout.startCheckout({ owner: ownerOf(req), details });
    await services.funnel.reachedPayment(funnelSessionOf(req.get(FUNNEL_HEADER)), started.orderNumber);
    res.json(started);
  });

  router.post("/checkout/quote", async (req, res) => {
    const input = parseInput(quoteSchema, req.body === undefined ? {} : req.body, "Invalid request");
    // A drop's piece in the cart, put there before its drop's phase changed, is refused here too.
    await services.drops.gate.assertCartSells({ owner: ownerOf(req), passTokens: passTokensOf(req) });
    const quote = await services.checkout.quote({ owner: ownerOf(req), ...input });
    await services.funnel.beganCheckout(funnelSessionOf(req.get(FUNNEL_HEADER)), ownerOf(req));
    res.json(quote);
  });

  // Gift cards on the checkout (issue 51): kept with the cart by reference; the quote and the payment spend them.
  router.post("/checkout/gift-cards", async (req, res) => {
    const { code } = parseInput(redeemGiftCardSchema, req.body, "Invalid gift card");
    res.json(await services.giftCards.addCheckoutGiftCard({ owner: ownerOf(req), code, ip: req.ip ?? "unknown" }));
  });
  router.delete("/checkout/gift-cards/:last4", async (req, res) => {
    res.json(await services.giftCards.removeCheckoutGiftCard({ owner: ownerOf(req), last4: parseInput(last4Schema, req.params.last4, "Invalid gift card") }));
  });

  router.get("/order-status/:paymentIntent", async (req, res) => {
    const parsed = intentId.safeParse(req.params.paymentIntent);
    if (!parsed.success) throw new AppError("not_found", "Order not found");
    res.json(await services.checkout.getOrderStatus({ paymentIntentId: parsed.data, owner: ownerOf(req) }));
  });

  router.post("/orders/lookup", async (req, res) => {
    const input = parseInput(orderLookupSchema, req.body, "Invalid lookup");
    res.json(await services.checkout.lookUpOrder({ input, ip: req.ip ?? "unknown" }));
  });

  router.post("/returns", async (req, res) => {
    const input = parseInput(returnRequestSchema, req.body, "Invalid return");
    res.status(201).json(await services.checkout.requestReturn({ input, userId: ownerOf(req).userId, ip: req.ip ?? "unknown" }));
  });

  router.post("/test-payments/:id/confirm", async (req, res) => {
    const testPayments = requireTestPayments(services);
    const id = parseInput(intentId, req.params.id, "Invalid payment");
    const card = parseInput(confirmTestPaymentSchema, req.body, "Invalid card details");
    res.json(await testPayments.confirm({ intentId: id, card }));
  });

  router.post("/test-payments/:id/authenticate", async (req, res) => {
    const testPayments = requireTestPayments(services);
    const id = parseInput(intentId, req.params.id, "Invalid payment");
    const { clientSecret, outcome } = parseInput(authenticateTestPaymentSchema, req.body, "Invalid request");
    res.json(await testPayments.authenticate({ intentId: id, clientSecret, outcome }));
  });

  return router;
}

function requireTestPayments(services: Services) {
  if (!services.testPayments) throw new AppError("not_found", "Test payments are off: this store takes payments with Stripe");
  return services.testPayments;
}
