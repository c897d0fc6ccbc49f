import { type Request, type Response, Router } from "express";
import { z } from "zod";
import { MAX_PAGE_SIZE, listingQuerySchema, searchParamsToObject } from "../catalog/listing-query";
import type { ListingScope } from "../catalog/list-products";
import { scopeForPath } from "../catalog/browse-catalog";
import type { ProductPage } from "../catalog/product-types";
import type { Services } from "../context";
import { AppError } from "../errors";
import { parseInput } from "./validation";

const MAX_ID = 2_147_483_647;

const productId = z
  .string()
  .regex(/^[1-9]\d{0,15}$/, "must be a positive whole number")
  .transform(Number);

const slug = z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, "must be lowercase letters, digits and dashes").max(60);

/** GET /api/products[...]: the catalogue calls of SPEC §7. Answers are plain arrays; X-Total-Count tells the whole size. */
export function productsRouter(services: Services): Router {
  const router = Router();

  async function sendListing(req: Request, res: Response, scope: ListingScope) {
    const query = parseInput(listingQuerySchema, searchParamsToObject(new URL(req.originalUrl, "http://x").searchParams), "Invalid query");
    // Without an explicit page size the API answers the largest page, so small stores get their whole catalogue.
    const page: ProductPage = await services.catalog.listProducts({ scope, query: { ...query, limit: query.limit ?? MAX_PAGE_SIZE } });
    res.set("X-Total-Count", String(page.total));
    if (page.totalCapped) res.set("X-Total-Count-Capped", "true");
    res.set("Cache-Control", "no-cache");
    res.json(page.products);
  }

  router.get("/", (req, res) => sendListing(req, res, { kind: "all" }));

  router.get("/category/:category", (req, res) => {
    const category = parseInput(slug, req.params.category, "Invalid category");
    return sendListing(req, res, scopeForPath(category));
  });

  router.get("/subcategory/:subcategory", (req, res) => {
    const subcategory = parseInput(slug, req.params.subcategory, "Invalid subcategory");
    return sendListing(req, res, { kind: "subcategory", subcategory });
  });

  router.get("/:id", async (req, res) => {
    const id = parseInput(productId, req.params.id, "Invalid product id");
    // Beyond the id column's range there can be no such product.
    if (id > MAX_ID) throw new AppError("not_found", `Product ${id} not found`);
    const product = await services.catalog.getProduct({ id });
    res.set("Cache-Control", "no-cache");
    res.json(product);
  });

  return router;
}
