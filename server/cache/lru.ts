/**
 * The one bound every in-process cache of the store keeps (decision 0035): at most `maxEntries` entries and, when
 * `sizeOf` says how big an entry is, at most `maxBytes` bytes. Past either, the least recently used entries go first.
 * A value bigger than `maxBytes` alone is not kept at all. A Map keeps insertion order, so "recently used" is "moved
 * to the back": a hit re-inserts its key.
 */
export interface Lru<K, V> {
  /** The value, now the most recently used; undefined when absent. */
  get(key: K): V | undefined;
  /** The value without touching its place in the line (for scans that must not keep entries alive). */
  peek(key: K): V | undefined;
  /** Keeps the value, evicting the least recently used entries past the bounds; false when it alone is too big. */
  set(key: K, value: V): boolean;
  delete(key: K): boolean;
  clear(): void;
  /** Drops every entry `drop` says yes to. */
  deleteWhere(drop: (value: V, key: K) => boolean): void;
  readonly size: number;
  /** The sum of `sizeOf` over the entries (0 without `sizeOf`). */
  readonly bytes: number;
}

export interface LruOptions<V> {
  maxEntries: number;
  maxBytes?: number;
  sizeOf?: (value: V) => number;
}

export function createLru<K, V>({ maxEntries, maxBytes = Number.POSITIVE_INFINITY, sizeOf }: LruOptions<V>): Lru<K, V> {
  if (!(maxEntries >= 1)) throw new Error("an LRU needs room for at least one entry");
  const entries = new Map<K, { value: V; bytes: number }>();
  let bytes = 0;

  function remove(key: K): boolean {
    const entry = entries.get(key);
    if (!entry) return false;
    entries.delete(key);
    bytes -= entry.bytes;
    return true;
  }

  return {
    get(key) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      entries.delete(key);
      entries.set(key, entry);
      return entry.value;
    },
    peek: (key) => entries.get(key)?.value,
    set(key, value) {
      remove(key);
      const size = sizeOf ? sizeOf(value) : 0;
      if (size > maxBytes) return false;
      while (entries.size >= maxEntries || (entries.size > 0 && bytes + size > maxBytes)) remove(entries.keys().next().value as K);
      entries.set(key, { value, bytes: size });
      bytes += size;
      return true;
    },
    delete: remove,
    clear() {
      entries.clear();
      bytes = 0;
    },
    deleteWhere(drop) {
      for (const [key, entry] of entries) if (drop(entry.value, key)) remove(key);
    },
    get size() {
      return entries.size;
    },
    get bytes() {
      return bytes;
    },
  };
}
