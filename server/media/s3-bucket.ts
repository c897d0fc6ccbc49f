import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from "@aws-sdk/client-s3";
import { createHash } from "node:crypto";
import { contentTypeOf, IMMUTABLE, type MediaBucket, MediaUnavailableError } from "./media-bucket";

/** A body's SHA-256 in hex, a megabyte at a time with a turn of the event loop between (as media-store.ts keys a photo). */
async function sha256Hex(body: Buffer): Promise<string> {
  const hash = createHash("sha256");
  for (let at = 0; at < body.length; at += 1024 * 1024) {
    if (at > 0) await new Promise((next) => setImmediate(next));
    hash.update(body.subarray(at, at + 1024 * 1024));
  }
  return hash.digest("hex");
}

export interface S3BucketOptions {
  bucket: string;
  region: string;
  /** For R2, MinIO, Backblaze, Wasabi or a local test server; AWS itself when not set. */
  endpoint?: string;
  forcePathStyle?: boolean;
  /** Both, or neither for the SDK's default credential chain (environment, profile, instance or task role). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** How long one request may take before the bucket counts as unreachable. */
  timeoutMs?: number;
}

/**
 * The photos in an S3-compatible bucket (decision 0053). Never sets an ACL: whether the objects are public is the
 * bucket policy's business (Medusa's ACL dependency broke on buckets that refuse ACLs, medusa#1943). Checksums are sent
 * only where S3 requires them, as R2 and other S3-compatible servers reject the SDK's newer defaults (medusa#13014).
 */
export function createS3Bucket({ bucket, region, endpoint, forcePathStyle = false, credentials, timeoutMs = 5000 }: S3BucketOptions): MediaBucket & { client: S3Client } {
  const client = new S3Client({
    region,
    endpoint,
    forcePathStyle,
    credentials,
    maxAttempts: 2,
    requestHandler: { connectionTimeout: Math.min(timeoutMs, 2000), requestTimeout: timeoutMs },
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
  const where = `s3://${bucket}`;
  /** A missing object is null; anything else (no answer, a 5xx, a refusal) means the bucket can't be used now. */
  async function call<T>(send: () => Promise<T>, missing: () => T): Promise<T> {
    try {
      return await send();
    } catch (error) {
      const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
      // A 404 for the bucket itself is a wrong S3_BUCKET, not a missing object: a write there must not pass for done.
      if ((error as Error).name === "NoSuchBucket") throw new MediaUnavailableError(where, error);
      if (status === 404 || (error as Error).name === "NoSuchKey" || (error as Error).name === "NotFound") return missing();
      throw new MediaUnavailableError(where, error);
    }
  }
  return {
    kind: "s3",
    where,
    client,
    async put(key, body, { contentType, cacheControl }) {
      const command = new PutObjectCommand({ Bucket: bucket, Key: key, Body: body, ContentType: contentType, CacheControl: cacheControl, ContentLength: body.length });
      // SigV4 signs the body's SHA-256, which the SDK hashes in one call on the event loop: 10-11 ms for a 19 MB
      // original (npm run bench:upload). Hashed here a slice at a time and handed to the signer, which uses it as given.
      const sha256 = await sha256Hex(body);
      command.middlewareStack.add((next) => (args) => {
        (args.request as { headers: Record<string, string> }).headers["x-amz-content-sha256"] = sha256;
        return next(args);
      }, { step: "build" });
      await call(() => client.send(command), () => undefined);
    },
    get: (key) =>
      call(async () => {
        const out = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        const body = Buffer.from(await out.Body!.transformToByteArray());
        return { body, contentType: out.ContentType ?? contentTypeOf(key), cacheControl: out.CacheControl ?? IMMUTABLE };
      }, () => null),
    exists: (key) => call(() => client.send(new HeadObjectCommand({ Bucket: bucket, Key: key })).then(() => true), () => false),
    async list(prefix) {
      const found: { key: string; size: number }[] = [];
      let token: string | undefined;
      do {
        const page = await call(() => client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token })), () => null);
        for (const o of page?.Contents ?? []) if (o.Key) found.push({ key: o.Key, size: o.Size ?? 0 });
        token = page?.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return found.sort((a, b) => (a.key < b.key ? -1 : 1));
    },
    async delete(key) {
      await call(() => client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key })), () => undefined);
    },
  };
}
