import type { Request, Router } from "express";
import type { Services } from "../context";
import { emptyBodySchema } from "../catalog/admin-schemas";
import { dropChangeSchema, dropFieldsSchema, dropProductSearchSchema } from "../drops/drop-schemas";
import { sendCsv } from "./csv-download";
import { staffRouter } from "./staff-guard";
import { numericId, parseInput } from "./validation";

/** Staff's drops (issue 48), mounted under /api/admin/drops; every call needs drops.write. */
export function dropsAdminRouter(services: Services): Router {
  const router = staffRouter();
  const drops = services.drops.admin;
  const actor = (req: Request) => `staff:${req.user!.username}`;
  const idOf = (req: Request) => parseInput(numericId, req.params.id, "Invalid drop id");

  router.get("/", "drops.write", async (_req, res) => {
    res.json(await drops.list());
  });
  router.post("/", "drops.write", async (req, res) => {
    res.status(201).json(await drops.create({ input: parseInput(dropFieldsSchema, req.body, "Invalid drop"), actor: actor(req) }));
  });
  // The product picker's search; before /:id, which would take "products" for an id.
  router.get("/products", "drops.write", async (req, res) => {
    res.json(await drops.searchProducts(parseInput(dropProductSearchSchema, req.query, "Invalid search")));
  });
  router.get("/:id", "drops.write", async (req, res) => {
    res.json(await drops.get({ id: idOf(req) }));
  });
  router.patch("/:id", "drops.write", async (req, res) => {
    const id = idOf(req);
    res.json(await drops.update({ id, change: parseInput(dropChangeSchema, req.body, "Invalid drop"), actor: actor(req) }));
  });
  router.delete("/:id", "drops.write", async (req, res) => {
    res.json(await drops.remove({ id: idOf(req), actor: actor(req) }));
  });
  router.post("/:id/archive", "drops.write", async (req, res) => {
    const id = idOf(req);
    parseInput(emptyBodySchema, req.body, "Invalid request");
    res.json(await drops.archive({ id, archived: true, actor: actor(req) }));
  });
  router.post("/:id/restore", "drops.write", async (req, res) => {
    const id = idOf(req);
    parseInput(emptyBodySchema, req.body, "Invalid request");
    res.json(await drops.archive({ id, archived: false, actor: actor(req) }));
  });
  router.get("/:id/live", "drops.write", async (req, res) => {
    res.json(await drops.live({ id: idOf(req) }));
  });
  router.get("/:id/report", "drops.write", async (req, res) => {
    res.json(await drops.report({ id: idOf(req) }));
  });
  router.get("/:id/report.csv", "drops.write", async (req, res) => {
    const id = idOf(req);
    const { slug } = await drops.get({ id });
    await sendCsv(res, `drop-${slug}-report-${new Date().toISOString().slice(0, 10)}.csv`, await drops.exportReport({ id }));
  });
  return router.router;
}
