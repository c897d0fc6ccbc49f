import type { Request, Router } from "express";
import type { Services } from "../context";
import { AppError } from "../errors";
import { consentSettingsSchema, parseSettingsUpdate } from "../settings/settings-schemas";
import { parseInput } from "./validation";
import { staffRouter } from "./staff-guard";

/**
 * The store's settings (issue 27), staff only: GET reads them, PUT replaces the editable fields (the whole form at
 * once), PUT /consent says where the cookie banner asks (decision 0039), and the logo is uploaded as its bytes (api.ts parses that body raw) or removed. Each change is audited.
 */
export function settingsRouter(services: Services): Router {
  const router = staffRouter();
  const actor = (req: Request) => `staff:${req.user!.username}`;

  router.get("/", "settings", async (_req, res) => {
    res.json(await services.settings.get());
  });
  router.put("/", "settings", async (req, res) => {
    res.json(await services.settings.update({ input: parseSettingsUpdate(req.body), actor: actor(req) }));
  });
  router.put("/consent", "settings", async (req, res) => {
    const { scope } = parseInput(consentSettingsSchema, req.body, "Invalid cookie banner setting");
    res.json(await services.settings.setConsentScope({ scope, actor: actor(req) }));
  });
  router.post("/logo", "settings", async (req, res) => {
    if (!Buffer.isBuffer(req.body)) throw new AppError("bad_request", "Logo: send the image's bytes as the request body (Content-Type: image/png, image/jpeg, image/webp or image/avif)");
    res.status(201).json(await services.settings.setLogo({ file: req.body, actor: actor(req) }));
  });
  router.delete("/logo", "settings", async (req, res) => {
    res.json(await services.settings.removeLogo({ actor: actor(req) }));
  });
  return router.router;
}
