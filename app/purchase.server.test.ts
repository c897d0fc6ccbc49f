import { describe, expect, it } from "vitest";
import type { ProductDetail } from "../server/catalog/product-types";
import { shownStock } from "../shared/product-stock";
import { renderPurchase } from "./purchase.server";

const SIZES = ["S", "M", "L", "XL"];

/** A tee in two colours, four sizes each, with each variant's stock as given (Black's sizes first, then White's). */
function tee(available: number[]): ProductDetail {
  const variants = ["Black", "White"].flatMap((color, c) =>
    SIZES.map((size, s) => ({ id: 100 + c * 10 + s, color, size, sku: `TEE-${color}-${size}`, price: 32, compareAtPrice: null, available: available[c * SIZES.length + s]! })),
  );
  return {
    id: 7,
    name: "Everyday Tee",
    description: "A tee.",
    price: 32,
    compareAtPrice: null,
    image: "/images/v1/tee/black-front.svg",
    images: [],
    category: "men",
    subcategory: "tees",
    colors: ["Black", "White"],
    sizes: SIZES,
    rating: 4.5,
    reviewCount: 3,
    featured: false,
    new: false,
    preorder: false,
    trending: false,
    bestseller: false,
    hot: false,
    stock: variants.reduce((n, v) => n + v.available, 0),
    photo: null,
    variants,
    colorImages: {},
    photos: [],
    giftCard: false,
    drops: [],
  };
}

const shown = (available: number[]) => available.map(shownStock);

describe("the purchase panel and the stock (decision 0041)", () => {
  it("shows the stock only as shownStock does: sold out, the count when low, or in stock", async () => {
    for (const available of [
      [0, 97, 2, 50, 12, 3, 0, 8],
      [40, 1, 3, 0, 0, 0, 0, 0],
      [0, 0, 0, 0, 5, 6, 7, 99],
      [0, 0, 0, 0, 0, 0, 0, 0],
    ]) {
      expect(await renderPurchase(tee(available)), `stock ${available.join(",")}`).toBe(await renderPurchase(tee(shown(available))));
    }
  });

  it("differs when the shown stock differs (this test can tell)", async () => {
    const panel = await renderPurchase(tee([0, 97, 2, 50, 12, 3, 0, 8]));
    expect(panel).toContain("L, only 2 left");
    expect(await renderPurchase(tee([0, 97, 1, 50, 12, 3, 0, 8]))).not.toBe(panel);
    expect(await renderPurchase(tee([0, 97, 0, 50, 12, 3, 0, 8]))).not.toBe(panel);
    expect(await renderPurchase(tee([0, 97, 4, 50, 12, 3, 0, 8]))).not.toBe(panel);
  });
});
