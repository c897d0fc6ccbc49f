import { and, eq } from "drizzle-orm";
import { createLru } from "../cache/lru";
import { toDollars } from "../catalog/product-json";
import type { Database } from "../db/client";
import { products } from "../db/schema";
import { robotsTxt, sitemap, sitemapPart } from "./sitemap";
import { renderDefaultSocialImage, renderProductSocialImage } from "./social-image";
import { isActive } from "../catalog/product-query";

/** Rendered social images kept: the newest 500, and 32 MB of PNG at most (decision 0035). */
const MAX_CACHED = 500;
const MAX_CACHED_BYTES = 32 * 1024 * 1024;

/** Sitemaps, robots.txt and social images, with rendered PNGs kept in a small in-process cache. */
export function createSeoService({ db, origin, now = () => new Date() }: { db: Database; origin: string; now?: () => Date }) {
  let defaultImage: Buffer | null = null;
  const productImages = createLru<string, Buffer>({ maxEntries: MAX_CACHED, maxBytes: MAX_CACHED_BYTES, sizeOf: (png) => png.length });
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
        productImages.set(key, image);
      }
      return image;
    },
  };
}
