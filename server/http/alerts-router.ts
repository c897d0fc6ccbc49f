import { Router } from "express";
import { alertTokenSchema, stockAlertSchema, waitlistSchema } from "../alerts/alert-schemas";
import type { Services } from "../context";
import { unsubscribeSchema } from "../unsubscribe/unsubscribe-schemas";
import { parseInput } from "./validation";

/** Back-in-stock alerts and the drops' waitlist (double opt-in), and the unsubscribe page's button. */
export function alertsRouter(services: Services): Router {
  const router = Router();

  router.post("/stock-alerts", async (req, res) => {
    const { variantId, email } = parseInput(stockAlertSchema, req.body, "Invalid alert");
    const result = await services.alerts.subscribe({ variantId, email, user: req.user, ip: req.ip ?? "unknown" });
    res.status(result.status === "pending" ? 202 : 201).json(result);
  });

  router.post("/stock-alerts/waitlist", async (req, res) => {
    const { email, drop } = parseInput(waitlistSchema, req.body, "Invalid sign-up");
    const result = await services.alerts.joinWaitlist({ email, drop, user: req.user, ip: req.ip ?? "unknown" });
    res.status(result.status === "pending" ? 202 : 201).json(result);
  });

  router.post("/stock-alerts/confirm", async (req, res) => {
    const { token } = parseInput(alertTokenSchema, req.body, "Invalid request");
    res.json(await services.alerts.confirm({ token, ip: req.ip ?? "unknown" }));
  });

  router.post("/unsubscribe", async (req, res) => {
    const { token } = parseInput(unsubscribeSchema, req.body, "Invalid request");
    res.json(await services.unsubscribe.apply({ token }));
  });

  return router;
}
