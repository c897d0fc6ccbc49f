import { createHash } from "node:crypto";
import sharp, { type Metadata, type Sharp } from "sharp";
import { AppError } from "../errors";
import { createByteLru } from "./byte-lru";
import { createLocalBucket } from "./local-bucket";
import { contentTypeOf, IMMUTABLE, type MediaBucket, MediaUnavailableError, type StoredObject } from "./media-bucket";
import { PHOTO_WIDTHS } from "./photo-schemas";
import { createStoredDrawings } from "./stored-drawings";

export const MAX_UPLOAD_BYTES = 20 * 1024 * 1024;
/** Decoding bombs: a small file that claims a huge canvas is refused before it is decoded. */
const MAX_PIXELS = 60_000_000;
/** Hot derivatives kept in memory when the store serves /media from a bucket (a few hundred thumbnails). */
export const DEFAULT_MEDIA_CACHE_BYTES = 32 * 1024 * 1024;

export interface StoredPhoto {
  key: string;
  width: number;
  height: number;
  widths: number[];
}

/** The file names the store serves at /media/{file}; anything else is not a media file. */
export const DERIVATIVE_FILE = /^([a-f0-9]{24})-(\d{2,4})\.(avif|webp|jpg)$/;

/** What an upload really is, from its bytes: JPEG, PNG, WebP or AVIF; SVG, HEIC and everything else are refused. */
async function inspect(buffer: Buffer) {
  let meta: Metadata;
  try {
    meta = await sharp(buffer, { limitInputPixels: MAX_PIXELS }).metadata();
  } catch {
    throw new AppError("bad_request", "That file is not an image we can read: upload a JPEG, PNG, WebP or AVIF photo");
  }
  const avif = meta.format === "heif" && meta.compression === "av1";
  if (!(["jpeg", "png", "webp"].includes(meta.format ?? "") || avif)) {
    throw new AppError("bad_request", `${meta.format === "svg" ? "SVG images are" : `A ${meta.format ?? "file of this"} image is`} not accepted: upload a JPEG, PNG, WebP or AVIF photo`);
  }
  if (!meta.width || !meta.height) throw new AppError("bad_request", "The image has no size");
  // EXIF orientations 5-8 turn the picture a quarter: the derivatives are rotated upright, so swap the sides.
  const turned = (meta.orientation ?? 1) >= 5;
  return { width: turned ? meta.height : meta.width, height: turned ? meta.width : meta.height, ext: avif ? "avif" : meta.format === "jpeg" ? "jpg" : meta.format! };
}

/**
 * Every derivative of one photo: the original is decoded once (in sharp's threads, at its largest width), then each
 * size and format is encoded from those pixels. A new pipeline per output on the same pixels, not `clone()`: sharp
 * copies a clone's input buffer on the event loop (a structuredClone of its options), 17 copies of a 4.6 MB
 * raster that held the loop for a third of a second on a 20 MB upload.
 */
async function derive(buffer: Buffer, key: string, widths: number[]): Promise<[string, Buffer][]> {
  const { data, info } = await sharp(buffer, { limitInputPixels: MAX_PIXELS }).rotate().resize({ width: widths.at(-1)!, withoutEnlargement: true }).raw().toBuffer({ resolveWithObject: true });
  const raw = { width: info.width, height: info.height, channels: info.channels };
  return Promise.all(
    widths.flatMap((w) => {
      const sized = () => sharp(data, { raw }).resize({ width: w, withoutEnlargement: true });
      const outputs: [string, Sharp][] = [
        ["avif", sized().avif({ quality: 55, effort: 2 })],
        ["webp", sized().webp({ quality: 78 })],
        ["jpg", sized().flatten({ background: "#ffffff" }).jpeg({ quality: 82, mozjpeg: true })],
      ];
      return outputs.map(async ([format, pipeline]) => [`derived/${key}-${w}.${format}`, await pipeline.toBuffer()] as [string, Buffer]);
    }),
  );
}

/** Hashed a megabyte at a time with a turn of the event loop between: 20 MB at once held it about 10 ms. */
const HASH_SLICE = 1024 * 1024;

/** A photo's key: the first 24 hex digits of the SHA-256 of its bytes. */
async function keyOf(buffer: Buffer): Promise<string> {
  const hash = createHash("sha256");
  for (let at = 0; at < buffer.length; at += HASH_SLICE) {
    hash.update(buffer.subarray(at, at + HASH_SLICE));
    await new Promise((next) => setImmediate(next));
  }
  return hash.digest("hex").slice(0, 24);
}

export interface MediaStoreOptions {
  /** MEDIA_PUBLIC_URL: pages link to derivatives there (a CDN or the bucket's public address) instead of /media. */
  publicUrl?: string | null;
  /** The in-memory cache of hot derivatives served from a bucket, in bytes (none for a local folder: the OS caches files). */
  cacheBytes?: number;
}

/**
 * The store's photos (decision 0053): the original as uploaded under originals/, and every derivative, made once at
 * upload, under derived/, in a local folder (a path) or an S3-compatible bucket. Keys are a hash of the original's
 * bytes, so the same photo uploaded twice is stored once and a name never changes meaning (served with immutable
 * caching).
 */
export function createMediaStore(storage: string | MediaBucket, { publicUrl = null, cacheBytes }: MediaStoreOptions = {}) {
  const bucket = typeof storage === "string" ? createLocalBucket(storage) : storage;
  const cache = createByteLru<StoredObject>(cacheBytes ?? (bucket.kind === "local" ? 0 : DEFAULT_MEDIA_CACHE_BYTES));

  /**
   * Checks the upload, writes every derivative and then the original, and only then answers, so a caller writes its
   * database row after all the files exist: a bucket that fails midway leaves no row pointing at missing derivatives.
   * The original is written last, so with the largest JPEG (the old folder store's last file) it marks a photo stored
   * whole: the same photo again is not made twice.
   */
  async function save(buffer: Buffer): Promise<StoredPhoto> {
    if (buffer.length === 0) throw new AppError("bad_request", "The file is empty");
    if (buffer.length > MAX_UPLOAD_BYTES) throw new AppError("bad_request", "The photo is over 20 MB");
    const { width, height, ext } = await inspect(buffer);
    const key = await keyOf(buffer);
    const widths = [...PHOTO_WIDTHS.filter((w) => w < width), Math.min(width, PHOTO_WIDTHS.at(-1)!)].filter((w, i, all) => all.indexOf(w) === i);
    const original = `originals/${key}.${ext}`;
    try {
      const whole = (await Promise.all([bucket.exists(original), bucket.exists(`derived/${key}-${widths.at(-1)}.jpg`)])).every(Boolean);
      if (!whole) {
        const files = await derive(buffer, key, widths);
        await Promise.all(files.map(([file, body]) => bucket.put(file, body, { contentType: contentTypeOf(file), cacheControl: IMMUTABLE })));
        await bucket.put(original, buffer, { contentType: contentTypeOf(original), cacheControl: "private, no-store" });
      }
    } catch (error) {
      if (error instanceof MediaUnavailableError) throw new AppError("unavailable", "The photo storage is not answering, so the photo was not saved: try again in a minute");
      throw error;
    }
    return { key, width, height, widths };
  }

  /**
   * A derivative to serve at /media/{file}, or null when there is none. A name that is not a derivative's is null
   * without asking the bucket. Throws MediaUnavailableError when the bucket does not answer.
   */
  async function read(file: string): Promise<StoredObject | null> {
    if (!DERIVATIVE_FILE.test(file)) return null;
    const hit = cache.get(file);
    if (hit) return hit;
    const found = await bucket.get(`derived/${file}`);
    if (found) cache.set(file, found);
    return found;
  }

  // The drawings the store makes from code, kept in the bucket beside the photos (stored-drawings.ts).
  const drawings = createStoredDrawings(bucket, cache);

  return { save, read, drawing: drawings.get, fillDrawings: drawings.fill, keepsDrawings: drawings.keeps, bucket, publicUrl, cache };
}

export type MediaStore = ReturnType<typeof createMediaStore>;
