import { Router } from "express";
import { z } from "zod";
import type { Services } from "../context";
import { ORDER_STATUSES } from "../db/schema";
import { requireAdmin } from "./session";
import { parseInput } from "./validation";

const ordersQuery = z
  .object({
    status: z.enum(ORDER_STATUSES).optional(),
    page: z.string().regex(/^\d{1,5}$/).transform(Number).pipe(z.number().min(1)).optional(),
  })
  .strict();

/** Staff-only calls; the role is checked here, on the server, for every one of them. */
export function adminRouter(services: Services): Router {
  const router = Router();
  router.use(requireAdmin);
  router.get("/orders", async (req, res) => {
    const query = parseInput(ordersQuery, req.query, "Invalid query");
    res.json(await services.admin.listOrders(query));
  });
  return router;
}
