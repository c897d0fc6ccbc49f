/**
 * Where the photo files live: a folder on this machine or an S3-compatible bucket (issue 53, decision 0053). The media
 * store makes the photos; a bucket only keeps bytes under keys such as `originals/{hash}.jpg` and `derived/{file}`.
 */
export interface MediaBucket {
  /** "local" or "s3", for the logs and the tools. */
  readonly kind: "local" | "s3";
  /** A readable name for messages: the folder's path or `s3://bucket`. */
  readonly where: string;
  put(key: string, body: Buffer, headers: ObjectHeaders): Promise<void>;
  /** The object, or null when there is none. */
  get(key: string): Promise<StoredObject | null>;
  exists(key: string): Promise<boolean>;
  /** Every object whose key starts with `prefix`, with its size in bytes. */
  list(prefix: string): Promise<{ key: string; size: number }[]>;
  /** Removes the object; removing one that is not there is not an error. */
  delete(key: string): Promise<void>;
}

export interface ObjectHeaders {
  contentType: string;
  cacheControl: string;
}

export interface StoredObject extends ObjectHeaders {
  body: Buffer;
}

/** Photo names are hashes of their bytes, so an object never changes: a year, and no revalidation. */
export const IMMUTABLE = "public, max-age=31536000, immutable";

const TYPES: Record<string, string> = { avif: "image/avif", webp: "image/webp", jpg: "image/jpeg", jpeg: "image/jpeg", png: "image/png", svg: "image/svg+xml" };

/** The Content-Type of a media file from its extension. */
export const contentTypeOf = (key: string) => TYPES[key.slice(key.lastIndexOf(".") + 1)] ?? "application/octet-stream";

/** The bucket could not be reached or answered with a server error: the caller answers 503 and writes nothing. */
export class MediaUnavailableError extends Error {
  constructor(where: string, cause: unknown) {
    super(`The photo storage (${where}) is not answering: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = "MediaUnavailableError";
  }
}
