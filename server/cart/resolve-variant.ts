import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { products, variants } from "../db/schema";
import { AppError } from "../errors";
import { isActive } from "../catalog/product-query";

export interface ResolvedVariant {
  id: number;
  available: number;
  label: string;
}

/** No colour, or "Default" (what the UI sends for a product without a colour picker, VSOP): the only colour-way. */
export function meansOnlyColor(color: string | undefined): boolean {
  return color === undefined || color.toLowerCase() === "default";
}

/** "Linen Wrap Midi Dress (Green, size M)"; the colour is left out for a product with one colour-way. */
export function variantLabel({ name, colors, color, size }: { name: string; colors: string[]; color: string; size: string }): string {
  return `${name} (${colors.length > 1 ? `${color}, ` : ""}size ${size})`;
}

function pick(options: string[], wanted: string): string | undefined {
  return options.find((o) => o.toLowerCase() === wanted.toLowerCase());
}

/** The stock unit a shopper means by product, colour and size; a 404 or 400 naming what does not exist. */
export async function resolveVariant(
  db: Database,
  { productId, color, size }: { productId: number; color?: string; size: string },
): Promise<ResolvedVariant> {
  const [product] = await db.select({ name: products.name, colors: products.colors, sizes: products.sizes }).from(products).where(and(eq(products.id, productId), isActive));
  if (!product) throw new AppError("not_found", `Product ${productId} not found`);
  const onlyColor = product.colors.length === 1 ? product.colors[0] : undefined;
  const chosenColor = meansOnlyColor(color) ? onlyColor : pick(product.colors, color ?? "");
  if (!chosenColor) {
    const problem = meansOnlyColor(color) ? "Choose a colour" : `Colour '${color}' is not available`;
    throw new AppError("bad_request", `${problem} for ${product.name}. Colours: ${product.colors.join(", ")}`);
  }
  const chosenSize = pick(product.sizes, size);
  if (!chosenSize) throw new AppError("bad_request", `Size '${size}' is not available for ${product.name}. Sizes: ${product.sizes.join(", ")}`);
  const [variant] = await db
    .select({ id: variants.id, available: sql<number>`${variants.onHand} - ${variants.reserved}` })
    .from(variants)
    .where(and(eq(variants.productId, productId), eq(variants.color, chosenColor), eq(variants.size, chosenSize)));
  const label = variantLabel({ name: product.name, colors: product.colors, color: chosenColor, size: chosenSize });
  if (!variant) throw new AppError("conflict", `${label} is sold out`);
  return { ...variant, label };
}

/** The one stock rule for carts: never more in a line than the variant has available. */
export function assertAvailable(variant: ResolvedVariant, quantity: number): void {
  if (variant.available <= 0) throw new AppError("conflict", `${variant.label} is sold out`);
  if (quantity > variant.available) {
    throw new AppError("conflict", `Only ${variant.available} left of ${variant.label}; you asked for ${quantity}`);
  }
}
