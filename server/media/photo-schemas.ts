import { z } from "zod";

/** Widths made of every photo (never wider than the original), in each format: AVIF, WebP and a JPEG fallback. */
export const PHOTO_WIDTHS = [320, 640, 960, 1440] as const;

/**
 * A photo from the photo pipeline as staff content keeps it (an entry's cover, an image-with-text section's photo):
 * the media key and widths an upload (POST /api/admin/content/photos) answered with, and the alt text staff give it.
 * Pure data, so the staff pages may import it too.
 */
export const storePhotoSchema = z
  .object({
    key: z.string().regex(/^[a-f0-9]{24}$/, "must be a media key from a photo upload"),
    widths: z
      // The pipeline's widths below the photo's own, then the photo's width (at most the largest); a served file's
      // width has 2 to 4 digits (./media-store.ts DERIVATIVE_FILE).
      .array(z.int().min(10, "must be a photo width").max(PHOTO_WIDTHS.at(-1)!, "must be a photo width"))
      .min(1)
      .max(PHOTO_WIDTHS.length),
    alt: z.string().trim().min(1, "describe the photo (alt text)").max(300, "use at most 300 characters"),
  })
  .strict();

export type StorePhoto = z.infer<typeof storePhotoSchema>;
