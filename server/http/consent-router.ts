import { Router } from "express";
import { z } from "zod";
import { consentRequired, DEFAULT_COUNTRY_HEADER } from "../../shared/consent";
import type { Services } from "../context";
import { parseInput } from "./validation";

/** GET /api/consent takes nothing: no query, so a cache or a crafted link can't make it say anything else. */
const noQuery = z.object({}).strict();

/**
 * GET /api/consent (decision 0039): whether the cookie banner asks this visitor, for stores whose banner asks only
 * where the law requires it. The country comes from the header a proxy sets (COUNTRY_HEADER); the answer is this
 * visitor's, so it is never cached and names the header it varies on. The pages themselves never read that header:
 * they stay one cached page for everyone (decision 0034), and the banner's script asks here.
 */
export function consentRouter(services: Services): Router {
  const router = Router();
  const header = services.publicConfig.countryHeader ?? DEFAULT_COUNTRY_HEADER;
  router.get("/consent", async (req, res) => {
    parseInput(noQuery, req.query, "GET /api/consent takes no parameters");
    const { consentScope } = await services.settings.storefront();
    res
      .set("Cache-Control", "private, no-store")
      .vary(header)
      .json({ required: consentRequired(consentScope, req.get(header)) });
  });
  return router;
}
