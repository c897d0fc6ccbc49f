import { desc, eq, and } from "drizzle-orm";
import { toProductJson } from "../catalog/product-json";
import { selectProducts } from "../catalog/product-query";
import type { Product } from "../catalog/product-types";
import type { Database } from "../db/client";
import { favorites, products } from "../db/schema";
import { AppError } from "../errors";
import { isActive } from "../catalog/product-query";

export async function listFavorites({ db, userId }: { db: Database; userId: string }): Promise<Product[]> {
  const rows = await selectProducts(db)
    .innerJoin(favorites, eq(favorites.productId, products.id))
    .where(eq(favorites.userId, userId))
    .orderBy(desc(favorites.createdAt));
  return rows.map((r) => toProductJson(r));
}

export async function addFavorite({ db, userId, productId }: { db: Database; userId: string; productId: number }): Promise<Product[]> {
  const [product] = await db.select({ id: products.id }).from(products).where(and(eq(products.id, productId), isActive));
  if (!product) throw new AppError("not_found", `Product ${productId} not found`);
  await db.insert(favorites).values({ userId, productId }).onConflictDoNothing();
  return listFavorites({ db, userId });
}

export async function removeFavorite({ db, userId, productId }: { db: Database; userId: string; productId: number }): Promise<Product[]> {
  await db.delete(favorites).where(and(eq(favorites.userId, userId), eq(favorites.productId, productId)));
  return listFavorites({ db, userId });
}
