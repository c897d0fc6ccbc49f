import type { Request, Router } from "express";
import type { Services } from "../context";
import { AppError } from "../errors";
import { emptyBodySchema } from "../catalog/admin-schemas";
import { entryChangeSchema, entryFieldsSchema, entryListQuery } from "../content/entry-schemas";
import { staffRouter } from "./staff-guard";
import { numericId, parseInput } from "./validation";

/** Staff calls for posts, pages and policies (issue 28), mounted under /api/admin/content; staff only. */
export function contentAdminRouter(services: Services): Router {
  const router = staffRouter();
  const content = services.contentEntries;
  const actor = (req: Request) => `staff:${req.user!.username}`;
  const idOf = (req: Request) => parseInput(numericId, req.params.id, "Invalid entry id");

  router.get("/", "content.write", async (req, res) => {
    res.json(await content.list(parseInput(entryListQuery, req.query, "Invalid query")));
  });
  router.post("/", "content.write", async (req, res) => {
    res.status(201).json(await content.create({ input: parseInput(entryFieldsSchema, req.body, "Invalid entry"), actor: actor(req) }));
  });
  // The photo's bytes (api.ts parses this body raw): its key, widths and the src for the body's image node.
  router.post("/photos", "content.write", async (req, res) => {
    if (!Buffer.isBuffer(req.body)) throw new AppError("bad_request", "Photo: send the image's bytes as the request body (Content-Type: image/png, image/jpeg, image/webp or image/avif)");
    res.status(201).json(await content.uploadPhoto({ file: req.body }));
  });
  router.get("/:id", "content.write", async (req, res) => {
    res.json(await content.get({ id: idOf(req) }));
  });
  router.patch("/:id", "content.write", async (req, res) => {
    res.json(await content.update({ id: idOf(req), change: parseInput(entryChangeSchema, req.body, "Invalid entry"), actor: actor(req) }));
  });
  router.post("/:id/archive", "content.write", async (req, res) => {
    parseInput(emptyBodySchema, req.body, "Invalid request");
    res.json(await content.archive({ id: idOf(req), actor: actor(req) }));
  });
  router.post("/:id/revisions/:revisionId/restore", "content.write", async (req, res) => {
    parseInput(emptyBodySchema, req.body, "Invalid request");
    const revisionId = parseInput(numericId, req.params.revisionId, "Invalid revision id");
    res.json(await content.restore({ id: idOf(req), revisionId, actor: actor(req) }));
  });
  return router.router;
}
