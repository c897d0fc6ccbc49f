import { join, resolve } from "node:path";
import type { Config } from "../config";
import { createLocalBucket } from "./local-bucket";
import { type MediaBucket, MediaUnavailableError } from "./media-bucket";
import { createMediaStore, type MediaStore } from "./media-store";
import { createS3Bucket } from "./s3-bucket";

export type MediaConfig = Pick<Config, "DATA_DIR" | "MEDIA_DIR" | "MEDIA_STORAGE" | "S3_BUCKET" | "S3_REGION" | "S3_ENDPOINT" | "S3_FORCE_PATH_STYLE" | "S3_ACCESS_KEY_ID" | "S3_SECRET_ACCESS_KEY" | "MEDIA_PUBLIC_URL">;

/** The media store the settings name (config.ts checked them): MEDIA_DIR on this machine, or the S3 bucket. */
export function mediaStoreFromConfig(config: MediaConfig): MediaStore {
  const publicUrl = config.MEDIA_PUBLIC_URL ?? null;
  return createMediaStore(config.MEDIA_STORAGE === "local" ? localBucketFromConfig(config) : s3BucketFromConfig(config), { publicUrl });
}

/** MEDIA_DIR, or DATA_DIR/media when it is not set. */
export const localBucketFromConfig = (config: Pick<MediaConfig, "DATA_DIR" | "MEDIA_DIR">) => createLocalBucket(config.MEDIA_DIR ?? join(resolve(config.DATA_DIR), "media"));

/** The bucket the S3_* settings name; S3_BUCKET and S3_REGION must be set (config.ts requires them with MEDIA_STORAGE=s3). */
export function s3BucketFromConfig(config: MediaConfig): MediaBucket {
  const credentials = config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY ? { accessKeyId: config.S3_ACCESS_KEY_ID, secretAccessKey: config.S3_SECRET_ACCESS_KEY } : undefined;
  return createS3Bucket({ bucket: config.S3_BUCKET!, region: config.S3_REGION!, endpoint: config.S3_ENDPOINT, forcePathStyle: config.S3_FORCE_PATH_STYLE, credentials });
}

/** At start: a bucket that can't be read stops the store with one line naming the settings to check. */
export async function assertMediaReachable(media: MediaStore): Promise<void> {
  if (media.bucket.kind !== "s3") return;
  try {
    // A listing, not a HEAD: a missing bucket answers a HEAD with a bare 404, like a missing object.
    await media.bucket.list("originals/.reachable");
  } catch (error) {
    if (!(error instanceof MediaUnavailableError)) throw error;
    const cause = error.cause as { name?: string; message?: string };
    throw new Error(`MEDIA_STORAGE=s3: cannot reach ${media.bucket.where} (check S3_BUCKET, S3_ENDPOINT, S3_REGION and the credentials): ${cause?.name ?? "Error"}: ${cause?.message ?? error.message}`);
  }
}
