import { Router } from "express";
import type { Services } from "../context";

/** Product photo derivatives: content-addressed names, so they are cached for a year and never change. */
export function mediaRouter(services: Services): Router {
  const router = Router();
  router.get("/:file", (req, res, next) => {
    const path = services.media.derivativePath(req.params.file);
    if (!path) return next();
    res.sendFile(path, { maxAge: "1y", immutable: true, dotfiles: "deny" });
  });
  return router;
}
