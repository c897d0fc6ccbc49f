import type { ProductRow } from "../db/schema";
import { productImageUrls } from "./images/image-url";
import type { Product } from "./product-types";

export type ProductRecord = Omit<ProductRow, "searchVector"> & { category: string; subcategory: string | null; stock: number };

export const toDollars = (cents: number) => cents / 100;

export function toProductJson(row: ProductRecord): Product {
  const images = productImageUrls(row.garment, row.colors);
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    price: toDollars(row.priceCents),
    compareAtPrice: row.compareAtCents === null ? null : toDollars(row.compareAtCents),
    image: images[0] ?? "",
    images,
    category: row.category,
    subcategory: row.subcategory,
    colors: row.colors,
    sizes: row.sizes,
    rating: Number(row.rating),
    reviewCount: row.reviewCount,
    featured: row.featured,
    new: row.isNew,
    preorder: row.preorder,
    trending: row.trending,
    bestseller: row.bestseller,
    hot: row.hot,
    stock: row.stock,
  };
}
