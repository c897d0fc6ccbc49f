import { Router, type Request } from "express";
import { z } from "zod";
import type { Services } from "../context";
import { synonymGroupSchema } from "../search/synonyms";
import { staffRouter } from "./staff-guard";
import { numericId, parseInput } from "./validation";

/** GET /api/search/suggest?q=: 1 to 100 characters after trimming, nothing else. */
const suggestQuery = z.object({ q: z.string().trim().min(1, "Type something to search").max(100, "must be at most 100 characters") }).strict();

/**
 * The header's suggestions (issue 33): public, the same for everyone, so they are cached like the catalogue's
 * answers (server/app.ts gives them their own bounded response cache).
 */
export function searchRouter(services: Services): Router {
  const router = Router();
  router.get("/suggest", async (req, res) => {
    const { q } = parseInput(suggestQuery, req.query, "Invalid search");
    res.set("Cache-Control", "no-cache");
    res.json(await services.search.suggest({ q }));
  });
  return router;
}

/**
 * Staff: synonym groups (/api/admin/synonyms) and the searches that found nothing (/api/admin/search-misses), under
 * the catalogue's permission. Synonym changes are audited and apply to the next search.
 */
export function searchAdminRouter(services: Services): Router {
  const router = staffRouter();
  const actor = (req: Request) => `staff:${req.user!.username}`;
  router.get("/synonyms", "products.write", async (_req, res) => {
    res.json({ groups: await services.search.synonyms.list() });
  });
  router.post("/synonyms", "products.write", async (req, res) => {
    const input = parseInput(synonymGroupSchema, req.body, "Invalid synonym group");
    res.status(201).json(await services.search.synonyms.create({ actor: actor(req), input }));
  });
  router.put("/synonyms/:id", "products.write", async (req, res) => {
    const id = parseInput(numericId, req.params.id, "Invalid synonym group id");
    const input = parseInput(synonymGroupSchema, req.body, "Invalid synonym group");
    res.json(await services.search.synonyms.update({ actor: actor(req), id, input }));
  });
  router.delete("/synonyms/:id", "products.write", async (req, res) => {
    const id = parseInput(numericId, req.params.id, "Invalid synonym group id");
    await services.search.synonyms.remove({ actor: actor(req), id });
    res.status(204).end();
  });
  router.get("/search-misses", "products.write", async (_req, res) => {
    res.json({ days: 30, misses: await services.search.topMisses() });
  });
  return router.router;
}
