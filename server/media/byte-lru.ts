/**
 * A least-recently-used cache bounded by the bytes it holds, not by a count: a few 1440 px AVIFs and many 320 px
 * thumbnails weigh very differently. An entry larger than a quarter of the bound is never kept.
 */
export function createByteLru<T extends { body: Buffer }>(maxBytes: number) {
  const entries = new Map<string, T>(); // in use order: the first is the least recently used
  let bytes = 0;
  return {
    get(key: string): T | undefined {
      const hit = entries.get(key);
      if (hit) {
        entries.delete(key);
        entries.set(key, hit);
      }
      return hit;
    },
    set(key: string, value: T) {
      if (value.body.length > maxBytes / 4) return;
      const old = entries.get(key);
      if (old) {
        bytes -= old.body.length;
        entries.delete(key);
      }
      entries.set(key, value);
      bytes += value.body.length;
      for (const [k, v] of entries) {
        if (bytes <= maxBytes) break;
        entries.delete(k);
        bytes -= v.body.length;
      }
    },
    get bytes() {
      return bytes;
    },
    get size() {
      return entries.size;
    },
  };
}
