import type { ProductDrop } from "../../shared/drops";
import type { Photo } from "../../shared/photo-urls";

export type { Photo };


/** The Product as every client sees it (SPEC §3): prices in dollars, flags as booleans, stock as units available. */
export interface Product {
  id: number;
  name: string;
  description: string;
  price: number;
  /** The former price when the product is on sale, else null. */
  compareAtPrice: number | null;
  image: string;
  images: string[];
  category: string;
  subcategory: string | null;
  colors: string[];
  sizes: string[];
  rating: number;
  reviewCount: number;
  featured: boolean;
  new: boolean;
  preorder: boolean;
  trending: boolean;
  bestseller: boolean;
  hot: boolean;
  /** Units available to sell (on hand minus reserved) across every variant. */
  stock: number;
  /** The first staff photo, or null while the product shows its illustrations. */
  photo: Photo | null;
  /** The drops it is in (shared/drops.ts: `currentDrop` says which counts now); [] for an ordinary product. */
  drops: ProductDrop[];
}

export interface VariantAvailability {
  /** The stock unit's id (a back-in-stock alert names it). */
  id: number;
  color: string;
  size: string;
  sku: string;
  /** What one costs, in dollars; the product's `price` is its cheapest variant's. */
  price: number;
  /** The former price when this variant is on sale, else null. */
  compareAtPrice: number | null;
  available: number;
}

export interface ProductDetail extends Product {
  variants: VariantAvailability[];
  /** Front and back views of each colour-way, for the gallery. */
  colorImages: Record<string, string[]>;
  /** Every staff photo in order; when there are any, the gallery shows them instead of the illustrations. */
  photos: Photo[];
  /** A gift card (issue 51): its sizes are amounts, and the page asks who it is for. */
  giftCard: boolean;
}

export interface ProductPage {
  products: Product[];
  /** Matches counted, at most the listing's count cap. */
  total: number;
  /** True when there are more matches than `total` (the count stopped at its cap). */
  totalCapped: boolean;
  page: number;
  limit: number;
}
