import { type MediaBucket, MediaUnavailableError } from "../media/media-bucket";

/** A bucket that counts the reads and writes that reach it, and can be told to fail a write midway. */
export function watched(bucket: MediaBucket) {
  const seen = { gets: 0, puts: 0, failPutAfter: Infinity };
  const wrapped: MediaBucket = {
    ...bucket,
    get: (key) => (seen.gets++, bucket.get(key)),
    put: (key, body, headers) => (++seen.puts > seen.failPutAfter ? Promise.reject(new MediaUnavailableError(bucket.where, new Error("connection reset"))) : bucket.put(key, body, headers)),
  };
  return { bucket: wrapped, seen };
}
