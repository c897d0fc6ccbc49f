import { Router } from "express";
import type { Services } from "../context";
import { redeemEarlyAccessSchema } from "../drops/early-access/early-access-schemas";
import { setDropPassCookie } from "./cookies";
import { parseInput } from "./validation";

/** POST /api/drops/{slug}/early-access: an emailed early-access link's token becomes the drop's early pass (a cookie). */
export function earlyAccessRouter(services: Services): Router {
  const router = Router();

  router.post("/drops/:slug/early-access", async (req, res) => {
    const { token } = parseInput(redeemEarlyAccessSchema, req.body, "Invalid request");
    const { cookie, ...answer } = await services.drops.earlyAccess.redeem({ slug: req.params.slug, token });
    setDropPassCookie(req, res, cookie.name, cookie.value, cookie.expiresAt.getTime() - services.drops.now().getTime());
    res.json({ ...answer, expiresAt: cookie.expiresAt.toISOString() });
  });

  return router;
}
