import { createByteLru } from "./byte-lru";
import { IMMUTABLE, type MediaBucket, MediaUnavailableError, type StoredObject } from "./media-bucket";

/** Drawings in a bucket live under this prefix, by the name their URL gives after /images/. */
export const DRAWINGS_PREFIX = "drawings/";
export const SVG_TYPE = "image/svg+xml";
/** A local folder keeps no drawings: they are kept in memory after their first render, as before issue 53. */
const LOCAL_DRAWINGS_BYTES = 16 * 1024 * 1024;
/** A drawing's name carries the drawings' version (IMAGE_VERSION), so its bytes never change: immutable, like a photo's. */
const HEADERS = { contentType: SVG_TYPE, cacheControl: IMMUTABLE };

/** A drawing the store can always make from code (server/catalog/images/drawings.ts). */
export interface DrawingSource {
  name: string;
  render: () => string;
}

export interface DrawingAnswer {
  object: StoredObject;
  /** Where it came from: this process's memory, the bucket, or drawn now. */
  from: "memory" | "bucket" | "drawn";
  /** The bucket did not answer, so it was drawn and not stored (pages keep their pictures; decision 0053). */
  fault: MediaUnavailableError | null;
}

/**
 * The store's drawings (the seeded catalogue's pictures) beside its photos (issue 53, decision 0053). In a bucket each
 * is drawn once, stored under drawings/{name} (SVG, immutable) and read back from there through the media store's
 * in-memory cache, so a store on a bucket serves every picture from it. A local folder keeps none: drawn on first
 * use and kept in memory, as before. They can always be drawn again, so a bucket that does not answer never costs a
 * page its pictures.
 */
export function createStoredDrawings(bucket: MediaBucket, cache: ReturnType<typeof createByteLru<StoredObject>>) {
  const keeps = bucket.kind === "s3";
  const memory = keeps ? cache : createByteLru<StoredObject>(LOCAL_DRAWINGS_BYTES);
  /** One read, draw and write per drawing at a time: the first visitors of a fresh store ask for the same ones. */
  const pending = new Map<string, Promise<DrawingAnswer>>();
  const draw = (drawing: DrawingSource): StoredObject => ({ body: Buffer.from(drawing.render()), ...HEADERS });

  async function load(key: string, drawing: DrawingSource): Promise<DrawingAnswer> {
    if (!keeps) {
      const object = draw(drawing);
      memory.set(key, object);
      return { object, from: "drawn", fault: null };
    }
    try {
      const found = await bucket.get(key);
      if (found) {
        memory.set(key, found);
        return { object: found, from: "bucket", fault: null };
      }
      const object = draw(drawing);
      await bucket.put(key, object.body, HEADERS);
      memory.set(key, object);
      return { object, from: "drawn", fault: null };
    } catch (error) {
      if (!(error instanceof MediaUnavailableError)) throw error;
      // Kept in memory all the same (the same bytes the bucket would hold): while the bucket is away each drawing
      // waits for it once, not on every page. The start-up fill or a later miss stores it.
      const object = draw(drawing);
      memory.set(key, object);
      return { object, from: "drawn", fault: error };
    }
  }

  /** A drawing to serve at /images/{name}. */
  function get(drawing: DrawingSource): Promise<DrawingAnswer> {
    const key = DRAWINGS_PREFIX + drawing.name;
    const hit = memory.get(key);
    if (hit) return Promise.resolve({ object: hit, from: "memory", fault: null });
    let answer = pending.get(key);
    if (!answer) {
      answer = load(key, drawing).finally(() => pending.delete(key));
      pending.set(key, answer);
    }
    return answer;
  }

  /**
   * Stores the drawings the bucket lacks (what is there by key is skipped), a few at a time; `stopped` ends it early
   * (the store stopping). A local folder keeps none: nothing to do. Throws MediaUnavailableError when the bucket fails.
   */
  async function fill(drawings: DrawingSource[], { concurrency = 8, stopped = (): boolean => false } = {}) {
    if (!keeps) return { stored: 0, present: 0 };
    const there = new Set((await bucket.list(DRAWINGS_PREFIX)).map((o) => o.key));
    const missing = drawings.filter((d) => !there.has(DRAWINGS_PREFIX + d.name));
    let stored = 0;
    let next = 0;
    const worker = async () => {
      while (next < missing.length && !stopped()) {
        const drawing = missing[next++]!;
        await bucket.put(DRAWINGS_PREFIX + drawing.name, draw(drawing).body, HEADERS);
        stored += 1;
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, missing.length) }, worker));
    return { stored, present: drawings.length - missing.length };
  }

  return { keeps, get, fill };
}
