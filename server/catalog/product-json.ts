import type { ProductRow } from "../db/schema";
import { productImageUrls } from "./images/image-url";
import { photoJpeg } from "../../shared/photo-urls";
import type { Photo, Product } from "./product-types";
import type { ProductDrop } from "../../shared/drops";

export type ProductRecord = Omit<ProductRow, "searchVector"> & { category: string; subcategory: string | null; stock: number; photo: Photo | null; drops: ProductDrop[] };

export const toDollars = (cents: number) => cents / 100;

export function toProductJson(row: ProductRecord): Product {
  // A staff photo, when there is one, is the product's image everywhere (cards, cart, feed, previews); else the drawings.
  const images = row.photo ? [photoJpeg(row.photo)] : productImageUrls(row.garment, row.colors);
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
    photo: row.photo,
    drops: row.drops,
  };
}
