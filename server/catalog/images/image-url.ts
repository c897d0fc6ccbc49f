import { colorSlug } from "./palette";

/** Bump when the drawings change, so long-cached copies are replaced. */
export const IMAGE_VERSION = "v1";

export function productImageUrl(garment: string, color: string, view: "front" | "back"): string {
  return `/images/${IMAGE_VERSION}/${garment}/${colorSlug(color)}-${view}.svg`;
}

/** Gallery order: the first colour front and back, then the other colour-ways. */
export function productImageUrls(garment: string, colors: string[]): string[] {
  const [first, ...rest] = colors;
  if (!first) return [];
  return [
    productImageUrl(garment, first, "front"),
    productImageUrl(garment, first, "back"),
    ...rest.map((c) => productImageUrl(garment, c, "front")),
    ...rest.map((c) => productImageUrl(garment, c, "back")),
  ];
}
