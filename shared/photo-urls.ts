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

/**
 * Where pages link to photos: the store's own /media, or MEDIA_PUBLIC_URL (a CDN or the bucket's public address,
 * decision 0053). The server sets it once at start; the page's boot script (mediaBaseScript) sets it in the browser
 * before hydration, so both render the same links. A global, not module state: Vite may load this module twice.
 */
const holder = globalThis as { __mediaBase?: string };
const mediaBase = () => holder.__mediaBase ?? "/media";
export function setMediaBase(url: string | null) {
  if (url) holder.__mediaBase = url.replace(/\/+$/, "");
  else delete holder.__mediaBase;
}
/** The inline script that carries MEDIA_PUBLIC_URL to the browser (empty when photos are served at /media). */
export const mediaBaseScript = () => (holder.__mediaBase ? `globalThis.__mediaBase=${JSON.stringify(holder.__mediaBase).replace(/</g, "\\u003c")};` : "");

/** The public URL of a media file (`{key}-{width}.{format}`). */
export const mediaUrl = (file: string) => `${mediaBase()}/${file}`;

/** The public URL of one derivative. */
export const photoUrl = (key: string, width: number, format: PhotoFormat) => mediaUrl(`${key}-${width}.${format}`);

/** A stored /media/… address (a rich-text image) as pages link to it. */
export const storedMediaUrl = (src: string | undefined) => (src?.startsWith("/media/") ? mediaUrl(src.slice("/media/".length)) : src);

/** An absolute URL for feeds, structured data and emails: a path on the store's origin, or a photo already on a CDN. */
export const absoluteUrl = (origin: string, url: string) => (/^https?:\/\//.test(url) ? url : `${origin}${url}`);

/** "…-320.avif 320w, …-640.avif 640w": every width made of the photo, in one format. */
export const photoSrcSet = (photo: Photo, format: PhotoFormat) => photo.widths.map((w) => `${photoUrl(photo.key, w, format)} ${w}w`).join(", ");

/** The JPEG closest to `target` pixels wide without going under it (or the largest there is): a plain image URL. */
export function photoJpeg(photo: Pick<Photo, "key" | "widths">, target = 960): string {
  const width = photo.widths.find((w) => w >= target) ?? photo.widths.at(-1)!;
  return photoUrl(photo.key, width, "jpg");
}
