import express, { Router } from "express";
import type { Services } from "../context";

/**
 * POST /api/webhooks/stripe: the one call that is neither JSON-parsed nor same-origin. The raw body's signature
 * is verified (bad or stale → 400), then the event is applied once.
 */
export function webhookRouter(services: Services): Router {
  const router = Router();
  router.post("/stripe", express.raw({ type: () => true, limit: "1mb" }), async (req, res) => {
    const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    const event = services.payments.parseWebhook(body, req.get("stripe-signature"));
    await services.checkout.handlePaymentEvent({ event });
    res.json({ received: true });
  });
  return router;
}
