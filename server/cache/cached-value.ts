/**
 * One value read rarely-changing data, kept in this process until `clear()` (a staff change, heard from any process)
 * or for `ttlMs` at most (a lost notification heals itself). A failed read is not kept.
 */
export function cachedValue<T>(read: () => Promise<T>, ttlMs: number) {
  let entry: { at: number; value: Promise<T> } | null = null;
  return {
    get(): Promise<T> {
      if (entry && Date.now() - entry.at <= ttlMs) return entry.value;
      const value = read();
      const made = { at: Date.now(), value };
      entry = made;
      value.catch(() => entry === made && (entry = null));
      return value;
    },
    clear() {
      entry = null;
    },
  };
}
