/**
 * Shared by the UI and the server: pure code only, importing nothing from app/ or server/.
 */

/** A staff photo: derivatives at each width in `widths` (AVIF, WebP, JPEG) at /media/{key}-{width}.{format}. */
export interface Photo {
  key: string;
  alt: string;
  /** The colour-way it shows, or null for every colour. */
  color: string | null;
  width: number;
  height: number;
  widths: number[];
}

/** Formats each photo is stored in, best first: browsers take the first they can show. */
export const PHOTO_FORMATS = ["avif", "webp", "jpg"] as const;
export type PhotoFormat = (typeof PHOTO_FORMATS)[number];

/** The public URL of one derivative. */
export const photoUrl = (key: string, width: number, format: PhotoFormat) => `/media/${key}-${width}.${format}`;

/** "…-320.avif 320w, …-640.avif 640w": every width made of the photo, in one format. */
export const photoSrcSet = (photo: Photo, format: PhotoFormat) => photo.widths.map((w) => `${photoUrl(photo.key, w, format)} ${w}w`).join(", ");

/** The JPEG closest to `target` pixels wide without going under it (or the largest there is): a plain image URL. */
export function photoJpeg(photo: Pick<Photo, "key" | "widths">, target = 960): string {
  const width = photo.widths.find((w) => w >= target) ?? photo.widths.at(-1)!;
  return photoUrl(photo.key, width, "jpg");
}
