import { type Request, Router } from "express";
import type { Services } from "../context";
import { announcementChangeSchema, announcementFieldsSchema } from "../home/announcement-schemas";
import { sectionsPutSchema } from "../home/section-schemas";
import { requireAdmin } from "./session";
import { numericId, parseInput } from "./validation";

/** Staff calls for the home page's sections and the announcement bar (issue 28), mounted under /api/admin; staff only. */
export function homeAdminRouter(services: Services): Router {
  const router = Router();
  const { home } = services;
  const actor = (req: Request) => `staff:${req.user!.username}`;
  const idOf = (req: Request) => parseInput(numericId, req.params.id, "Invalid announcement id");
  router.use(["/home", "/announcements"], requireAdmin);

  router.get("/home", async (_req, res) => {
    res.json(await home.overview());
  });
  router.put("/home/sections", async (req, res) => {
    const { sections } = parseInput(sectionsPutSchema, req.body, "Invalid sections");
    res.json({ sections: await home.replaceSections({ sections, actor: actor(req) }) });
  });
  router.post("/announcements", async (req, res) => {
    res.status(201).json(await home.createAnnouncement({ input: parseInput(announcementFieldsSchema, req.body, "Invalid announcement"), actor: actor(req) }));
  });
  router.patch("/announcements/:id", async (req, res) => {
    res.json(await home.updateAnnouncement({ id: idOf(req), change: parseInput(announcementChangeSchema, req.body, "Invalid announcement"), actor: actor(req) }));
  });
  router.delete("/announcements/:id", async (req, res) => {
    res.json(await home.deleteAnnouncement({ id: idOf(req), actor: actor(req) }));
  });
  return router;
}
