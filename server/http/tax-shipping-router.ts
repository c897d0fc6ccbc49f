import type { Request, Router } from "express";
import type { Services } from "../context";
import { shippingRateChangeSchema, shippingRateFieldsSchema } from "../shipping/shipping-schemas";
import { taxCategoryChangeSchema, taxCategoryFieldsSchema, taxRateChangeSchema, taxRateFieldsSchema, taxReportQuery, taxSettingsSchema } from "../tax/tax-admin-schemas";
import { addressTestSchema, zoneChangeSchema, zoneFieldsSchema } from "../zones/zone-schemas";
import { staffRouter, withStepUp } from "./staff-guard";
import { numericId, parseInput } from "./validation";

/** Staff calls for /admin/tax and /admin/shipping (issue 27), mounted under /api/admin; staff only. */
export function taxShippingRouter(services: Services): Router {
  const router = staffRouter();
  const { taxAdmin, shippingAdmin } = services;
  const actor = (req: Request) => `staff:${req.user!.username}`;
  // Tax decides what shoppers pay and what the store owes: changing it asks for a step-up (issue 29).
  const TAX_WRITE = withStepUp("settings");
  const idOf = (req: Request, what: string) => parseInput(numericId, req.params.id, `Invalid ${what} id`);

  router.get("/tax", "settings", async (_req, res) => {
    res.json(await taxAdmin.overview());
  });
  router.post("/tax/zones", TAX_WRITE, async (req, res) => {
    res.status(201).json(await taxAdmin.createZone({ input: parseInput(zoneFieldsSchema, req.body, "Invalid zone"), actor: actor(req) }));
  });
  router.patch("/tax/zones/:id", TAX_WRITE, async (req, res) => {
    await taxAdmin.updateZone({ id: idOf(req, "zone"), change: parseInput(zoneChangeSchema, req.body, "Invalid zone"), actor: actor(req) });
    res.json(await taxAdmin.overview());
  });
  router.delete("/tax/zones/:id", TAX_WRITE, async (req, res) => {
    await taxAdmin.deleteZone({ id: idOf(req, "zone"), actor: actor(req) });
    res.status(204).end();
  });
  router.post("/tax/rates", TAX_WRITE, async (req, res) => {
    res.status(201).json(await taxAdmin.createRate({ input: parseInput(taxRateFieldsSchema, req.body, "Invalid tax rate"), actor: actor(req) }));
  });
  router.patch("/tax/rates/:id", TAX_WRITE, async (req, res) => {
    await taxAdmin.updateRate({ id: idOf(req, "tax rate"), change: parseInput(taxRateChangeSchema, req.body, "Invalid tax rate"), actor: actor(req) });
    res.json(await taxAdmin.overview());
  });
  router.delete("/tax/rates/:id", TAX_WRITE, async (req, res) => {
    await taxAdmin.deleteRate({ id: idOf(req, "tax rate"), actor: actor(req) });
    res.status(204).end();
  });
  router.post("/tax/categories", TAX_WRITE, async (req, res) => {
    res.status(201).json(await taxAdmin.createCategory({ input: parseInput(taxCategoryFieldsSchema, req.body, "Invalid tax category"), actor: actor(req) }));
  });
  router.patch("/tax/categories/:id", TAX_WRITE, async (req, res) => {
    await taxAdmin.updateCategory({ id: idOf(req, "tax category"), change: parseInput(taxCategoryChangeSchema, req.body, "Invalid tax category"), actor: actor(req) });
    res.json(await taxAdmin.overview());
  });
  router.delete("/tax/categories/:id", TAX_WRITE, async (req, res) => {
    await taxAdmin.deleteCategory({ id: idOf(req, "tax category"), actor: actor(req) });
    res.status(204).end();
  });
  router.put("/tax/settings", TAX_WRITE, async (req, res) => {
    await taxAdmin.updateSettings({ input: parseInput(taxSettingsSchema, req.body, "Invalid tax settings"), actor: actor(req) });
    res.json((await taxAdmin.overview()).settings);
  });
  router.post("/tax/test", "settings", async (req, res) => {
    res.json(await taxAdmin.testAddress(parseInput(addressTestSchema, req.body, "Invalid address")));
  });
  router.get("/tax/report", "reports.read", async (req, res) => {
    res.json(await taxAdmin.report(parseInput(taxReportQuery, req.query, "Invalid report")));
  });
  router.get("/tax/report.csv", "reports.read", async (req, res) => {
    const { csv, filename } = await taxAdmin.reportCsv(parseInput(taxReportQuery, req.query, "Invalid report"));
    res.set("Content-Disposition", `attachment; filename="${filename}"`);
    res.type("text/csv; charset=utf-8").send(csv);
  });

  router.get("/shipping", "settings", async (_req, res) => {
    res.json(await shippingAdmin.overview());
  });
  router.post("/shipping/zones", "settings", async (req, res) => {
    res.status(201).json(await shippingAdmin.createZone({ input: parseInput(zoneFieldsSchema, req.body, "Invalid zone"), actor: actor(req) }));
  });
  router.patch("/shipping/zones/:id", "settings", async (req, res) => {
    await shippingAdmin.updateZone({ id: idOf(req, "zone"), change: parseInput(zoneChangeSchema, req.body, "Invalid zone"), actor: actor(req) });
    res.json(await shippingAdmin.overview());
  });
  router.delete("/shipping/zones/:id", "settings", async (req, res) => {
    await shippingAdmin.deleteZone({ id: idOf(req, "zone"), actor: actor(req) });
    res.status(204).end();
  });
  router.post("/shipping/rates", "settings", async (req, res) => {
    res.status(201).json(await shippingAdmin.createRate({ input: parseInput(shippingRateFieldsSchema, req.body, "Invalid shipping rate"), actor: actor(req) }));
  });
  router.patch("/shipping/rates/:id", "settings", async (req, res) => {
    await shippingAdmin.updateRate({ id: idOf(req, "shipping rate"), change: parseInput(shippingRateChangeSchema, req.body, "Invalid shipping rate"), actor: actor(req) });
    res.json(await shippingAdmin.overview());
  });
  router.delete("/shipping/rates/:id", "settings", async (req, res) => {
    await shippingAdmin.deleteRate({ id: idOf(req, "shipping rate"), actor: actor(req) });
    res.status(204).end();
  });
  router.post("/shipping/test", "settings", async (req, res) => {
    res.json(await shippingAdmin.testAddress(parseInput(addressTestSchema, req.body, "Invalid address")));
  });
  return router.router;
}
