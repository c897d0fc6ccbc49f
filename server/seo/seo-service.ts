import { and, eq } from "drizzle-orm";
import { toDollars } from "../catalog/product-json";
import type { Database } from "../db/client";
import { products } from "../db/schema";
import { robotsTxt, sitemap, sitemapPart } from "./sitemap";
import { renderDefaultSocialImage, renderProductSocialImage } from "./social-image";
import { isActive } from "../catalog/product-query";

const MAX_CACHED = 500;

/** Sitemaps, robots.txt and social images, with rendered PNGs kept in a small in-process cache. */
export function createSeoService({ db, origin, now = () => new Date() }: { db: Database; origin: string; now?: () => Date }) {
  let defaultImage: Buffer | null = null;
  const productImages = new Map<string, Buffer>();
  return {
    robots: () => robotsTxt(origin),
    sitemap: () => sitemap({ db, origin, now: now() }),
    sitemapPart: ({ part }: { part: string }) => sitemapPart({ db, origin, part, now: now() }),
    defaultImage: () => (defaultImage ??= renderDefaultSocialImage()),
    async productImage({ id }: { id: number }): Promise<Buffer | null> {
      const [product] = await db
        .select({ name: products.name, priceCents: products.priceCents, garment: products.garment, colors: products.colors, preorder: products.preorder, updatedAt: products.updatedAt })
        .from(products)
        .where(and(eq(products.id, id), isActive));
      if (!product) return null;
      const key = `${id}:${product.updatedAt.getTime()}:${product.priceCents}`;
      let image = productImages.get(key);
      if (!image) {
        image = renderProductSocialImage({ name: product.name, price: toDollars(product.priceCents), garment: product.garment, color: product.colors[0] ?? "black", preorder: product.preorder });
        if (productImages.size >= MAX_CACHED) productImages.delete(productImages.keys().next().value!);
        productImages.set(key, image);
      }
      return image;
    },
  };
}
