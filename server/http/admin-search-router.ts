import { Router } from "express";
import type { Services } from "../context";
import { adminSearchQuery } from "../admin-search/admin-search-schemas";
import { requireAnyStaff, visibleTo } from "./staff-guard";
import { parseInput } from "./validation";

/** GET /api/admin/search?q=: the staff search across orders, products, customers and content (staff only). */
export function adminSearchRouter(services: Services): Router {
  const router = Router();
  // Any staff member searches; each kind of result needs the permission that shows it.
  router.get("/", requireAnyStaff, async (req, res) => {
    const { q } = parseInput(adminSearchQuery, req.query, "Invalid search");
    res.json(visibleTo(req.user!, await services.admin.search({ q }), { orders: "orders.read", products: "products.write", customers: "customers.read", content: "content.write" }));
  });
  return router;
}
