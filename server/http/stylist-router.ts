import { Router } from "express";
import type { Services } from "../context";
import { AppError } from "../errors";
import { outfitRequestSchema, sizeRequestSchema, styleRequestSchema } from "../stylist/stylist-schemas";
import { parseInput } from "./validation";

/** SPEC §7 AI calls: style recommendation, size guidance and outfit ideas. */
export function stylistRouter(services: Services): Router {
  const router = Router();
  router.use(async (req, _res, next) => {
    await services.stylist.allow(req.ip ?? "unknown");
    next();
  });
  router.post("/style-recommendation", async (req, res) => {
    const { userPreferences } = parseInput(styleRequestSchema, req.body, "Invalid preferences");
    res.json(await services.stylist.styleRecommendation(userPreferences));
  });
  router.post("/size-guidance", async (req, res) => {
    const { measurements, productId } = parseInput(sizeRequestSchema, req.body, "Invalid measurements");
    const product = productId ? await services.reviews.productFit(productId) : null;
    if (productId && !product) throw new AppError("not_found", `Product ${productId} not found`);
    res.json(await services.stylist.sizeGuidance(measurements, product?.fit.verdict ? { name: product.name, verdict: product.fit.verdict } : null));
  });
  router.post("/outfit-ideas", async (req, res) => {
    const { selectedItems } = parseInput(outfitRequestSchema, req.body, "Invalid selection");
    res.json(await services.stylist.outfitIdeas(selectedItems));
  });
  return router;
}
