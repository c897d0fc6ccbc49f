import { Router } from "express";
import { z } from "zod";
import type { Services } from "../context";
import { parseInput } from "./validation";

const slug = z.string().max(60, "use at most 60 characters").regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, "must be lowercase letters, digits and dashes");

/** The public drop calls (issue 48): GET /api/drops/{slug}. The staff's calls are the admin drops router. */
export function dropsRouter(services: Services): Router {
  const router = Router();
  router.get("/:slug", async (req, res) => {
    res.json(await services.drops.publicDrop({ slug: parseInput(slug, req.params.slug, "Invalid drop") }));
  });
  return router;
}
