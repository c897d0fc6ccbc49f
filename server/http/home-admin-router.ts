import type { Request, Router } from "express";
import type { Services } from "../context";
import { announcementChangeSchema, announcementFieldsSchema } from "../home/announcement-schemas";
import { sectionsPutSchema } from "../home/section-schemas";
import { staffRouter } from "./staff-guard";
import { numericId, parseInput } from "./validation";

/** Staff calls for the home page's sections and the announcement bar (issue 28), mounted under /api/admin; staff only. */
export function homeAdminRouter(services: Services): Router {
  const router = staffRouter();
  const { home } = services;
  const actor = (req: Request) => `staff:${req.user!.username}`;
  const idOf = (req: Request) => parseInput(numericId, req.params.id, "Invalid announcement id");

  router.get("/home", "content.write", async (_req, res) => {
    res.json(await home.overview());
  });
  router.put("/home/sections", "content.write", async (req, res) => {
    const { sections } = parseInput(sectionsPutSchema, req.body, "Invalid sections");
    res.json({ sections: await home.replaceSections({ sections, actor: actor(req) }) });
  });
  router.post("/announcements", "content.write", async (req, res) => {
    res.status(201).json(await home.createAnnouncement({ input: parseInput(announcementFieldsSchema, req.body, "Invalid announcement"), actor: actor(req) }));
  });
  router.patch("/announcements/:id", "content.write", async (req, res) => {
    res.json(await home.updateAnnouncement({ id: idOf(req), change: parseInput(announcementChangeSchema, req.body, "Invalid announcement"), actor: actor(req) }));
  });
  router.delete("/announcements/:id", "content.write", async (req, res) => {
    res.json(await home.deleteAnnouncement({ id: idOf(req), actor: actor(req) }));
  });
  return router.router;
}
