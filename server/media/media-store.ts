import { createHash, randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, rename, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import sharp, { type Metadata, type Sharp } from "sharp";
import { AppError } from "../errors";
import { PHOTO_WIDTHS } from "./photo-schemas";

export const MAX_UPLOAD_BYTES = 20 * 1024 * 1024;
/** Decoding bombs: a small file that claims a huge canvas is refused before it is decoded. */
const MAX_PIXELS = 60_000_000;

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
 * Photos on disk under `dir` (MEDIA_DIR, default DATA_DIR/media): the original as uploaded in originals/, and every
 * derivative, made once at upload, in derived/. Files are named by a hash of the original's bytes, so the same photo
 * uploaded twice is stored once and a name never changes meaning (served with immutable caching).
 */
export function createMediaStore(dir: string) {
  const root = resolve(dir);
  const originals = join(root, "originals");
  const derived = join(root, "derived");

  async function save(buffer: Buffer): Promise<StoredPhoto> {
    if (buffer.length === 0) throw new AppError("bad_request", "The file is empty");
    if (buffer.length > MAX_UPLOAD_BYTES) throw new AppError("bad_request", "The photo is over 20 MB");
    const { width, height, ext } = await inspect(buffer);
    const key = createHash("sha256").update(buffer).digest("hex").slice(0, 24);
    const widths = [...PHOTO_WIDTHS.filter((w) => w < width), Math.min(width, PHOTO_WIDTHS.at(-1)!)].filter((w, i, all) => all.indexOf(w) === i);
    await mkdir(originals, { recursive: true });
    await mkdir(derived, { recursive: true });
    const original = join(originals, `${key}.${ext}`);
    if (!existsSync(original)) await writeAtomically(original, buffer);
    for (const w of widths) {
      const base = sharp(buffer, { limitInputPixels: MAX_PIXELS }).rotate().resize({ width: w, withoutEnlargement: true });
      const outputs: [string, Sharp][] = [
        ["avif", base.clone().avif({ quality: 55, effort: 2 })],
        ["webp", base.clone().webp({ quality: 78 })],
        ["jpg", base.clone().flatten({ background: "#ffffff" }).jpeg({ quality: 82, mozjpeg: true })],
      ];
      for (const [format, pipeline] of outputs) {
        const file = join(derived, `${key}-${w}.${format}`);
        if (!existsSync(file)) await writeAtomically(file, await pipeline.toBuffer());
      }
    }
    return { key, width, height, widths };
  }

  /** The path of a derivative to serve, or null when the name is not one (so nothing outside derived/ is reachable). */
  function derivativePath(file: string): string | null {
    if (!DERIVATIVE_FILE.test(file)) return null;
    const path = join(derived, file);
    return existsSync(path) ? path : null;
  }

  return { save, derivativePath, root };
}

export type MediaStore = ReturnType<typeof createMediaStore>;

/** Written under a temporary name and renamed, so a crash never leaves half a file under the real name. */
async function writeAtomically(path: string, data: Buffer) {
  const temp = `${path}.${randomUUID()}.tmp`; // unique: two uploads of the same photo may write at once
  await writeFile(temp, data);
  await rename(temp, path);
}
