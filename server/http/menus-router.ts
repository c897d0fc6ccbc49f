import type { Request, Router } from "express";
import type { Services } from "../context";
import { AppError } from "../errors";
import { menuHandleSchema, menuSaveSchema } from "../menus/menu-schemas";
import { staffRouter } from "./staff-guard";
import { parseInput } from "./validation";

/**
 * The storefront's menus (issue 28), staff only, under /api/admin/menus: GET answers every menu's tree with each
 * item's address and whether shoppers see it, and what can be linked; PUT /:handle replaces one menu's whole tree.
 */
export function menusRouter(services: Services): Router {
  const router = staffRouter();
  const actor = (req: Request) => `staff:${req.user!.username}`;

  router.get("/", "content.write", async (_req, res) => {
    res.json(await services.menus.staffView());
  });
  router.put("/:handle", "content.write", async (req, res) => {
    const handle = menuHandleSchema.safeParse(req.params.handle);
    if (!handle.success) throw new AppError("not_found", `There is no menu "${req.params.handle}" (menus: header, footer, legal)`);
    await services.menus.save({ handle: handle.data, input: parseInput(menuSaveSchema(handle.data), req.body, "Invalid menu"), actor: actor(req) });
    const view = await services.menus.staffView();
    res.json(view.menus.find((m) => m.handle === handle.data));
  });
  return router.router;
}
