import { Router } from "express";
import { z } from "zod";
import { campaignUpdateSchema } from "../campaign/campaign-schemas";
import type { Services } from "../context";
import { subscribeSchema } from "../newsletter/newsletter-schemas";
import { contactSchema } from "../content/contact-schemas";
import { requirePermission } from "./staff-guard";
import { parseInput } from "./validation";

const slug = z.string().regex(/^[a-z0-9-]{1,40}$/, "must be a campaign name");

/** The VSOP drop's campaign record and the newsletter / VIP / exit-intent sign-ups. */
export function contentRouter(services: Services): Router {
  const router = Router();

  router.get("/campaigns/:slug", async (req, res) => {
    res.json(await services.campaign.get({ slug: parseInput(slug, req.params.slug, "Invalid campaign") }));
  });

  router.patch("/admin/campaigns/:slug", requirePermission("discounts.write"), async (req, res) => {
    const input = parseInput(campaignUpdateSchema, req.body, "Invalid campaign");
    res.json(await services.admin.updateCampaign({ slug: parseInput(slug, req.params.slug, "Invalid campaign"), input, actor: `staff:${req.user!.username}` }));
  });

  router.post("/newsletter", async (req, res) => {
    const input = parseInput(subscribeSchema, req.body, "Invalid sign-up");
    const result = await services.newsletter.subscribe({ input, ip: req.ip ?? "unknown" });
    res.status(result.alreadySubscribed ? 200 : 201).json(result);
  });

  router.post("/contact", async (req, res) => {
    const input = parseInput(contactSchema, req.body, "Please check the form");
    res.status(201).json(await services.content.sendContactMessage({ input, ip: req.ip ?? "unknown" }));
  });

  return router;
}
