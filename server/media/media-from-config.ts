import { join, resolve } from "node:path";
import type { Config } from "../config";
import { MediaUnavailableError } from "./media-bucket";
import { createMediaStore, type MediaStore } from "./media-store";
import { createS3Bucket } from "./s3-bucket";

type MediaConfig = Pick<Config, "DATA_DIR" | "MEDIA_DIR" | "MEDIA_STORAGE" | "S3_BUCKET" | "S3_REGION" | "S3_ENDPOINT" | "S3_FORCE_PATH_STYLE" | "S3_ACCESS_KEY_ID" | "S3_SECRET_ACCESS_KEY" | "MEDIA_PUBLIC_URL">;

/** The media store the settings name (config.ts checked them): MEDIA_DIR on this machine, or the S3 bucket. */
export function mediaStoreFromConfig(config: MediaConfig): MediaStore {
  const publicUrl = config.MEDIA_PUBLIC_URL ?? null;
  if (config.MEDIA_STORAGE === "local") return createMediaStore(config.MEDIA_DIR ?? join(resolve(config.DATA_DIR), "media"), { publicUrl });
  const credentials = config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY ? { accessKeyId: config.S3_ACCESS_KEY_ID, secretAccessKey: config.S3_SECRET_ACCESS_KEY } : undefined;
  return createMediaStore(createS3Bucket({ bucket: config.S3_BUCKET!, region: config.S3_REGION!, endpoint: config.S3_ENDPOINT, forcePathStyle: config.S3_FORCE_PATH_STYLE, credentials }), { publicUrl });
}

/** At start: a bucket that can't be read stops the store with one line naming the settings to check. */
export async function assertMediaReachable(media: MediaStore): Promise<void> {
  if (media.bucket.kind !== "s3") return;
  try {
    await media.bucket.exists("originals/.reachable");
  } catch (error) {
    if (!(error instanceof MediaUnavailableError)) throw error;
    const cause = error.cause as { name?: string; message?: string };
    throw new Error(`MEDIA_STORAGE=s3: cannot reach ${media.bucket.where} (check S3_BUCKET, S3_ENDPOINT, S3_REGION and the credentials): ${cause?.name ?? "Error"}: ${cause?.message ?? error.message}`);
  }
}
