import { Router } from "express";
import type { Services } from "../context";
import { adminSearchQuery } from "../admin-search/admin-search-schemas";
import { requireAdmin } from "./session";
import { parseInput } from "./validation";

/** GET /api/admin/search?q=: the staff search across orders, products, customers and content (staff only). */
export function adminSearchRouter(services: Services): Router {
  const router = Router();
  router.use(requireAdmin);
  router.get("/", async (req, res) => {
    const { q } = parseInput(adminSearchQuery, req.query, "Invalid search");
    res.json(await services.admin.search({ q }));
  });
  return router;
}
