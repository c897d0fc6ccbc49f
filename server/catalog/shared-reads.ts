import { type CatalogChanges, clearedBy } from "../cache/catalog-changes";
import { createLru } from "../cache/lru";
import { renderingAheadFor } from "../clock/render-ahead";

/**
 * Catalogue reads that are the same for every visitor (a listing, a product, the drop, a product's first reviews),
 * kept for a moment per process so that shoppers who can't be served a cached page (they hold a cart or a session)
 * still share the database work: at 400 personalised pages a second, a one-second life turns hundreds of identical
 * queries into one. The answer is never older than `ttlMs` (well inside the response cache's 5-second promise), a
 * write through this process clears it at once (clear(), called with the response cache's), and concurrent misses
 * share one query. Answers are shared objects: callers must not change them.
 */
export interface SharedReads {
  /** Wraps a read: the same arguments within `ttlMs` get the same answer. `keyOf` names the arguments (JSON by default). */
  share<A, R>(read: (args: A) => Promise<R>, keyOf?: (args: A) => string): (args: A) => Promise<R>;
  clear(): void;
}

export function createSharedReads({ ttlMs, maxEntries = 2000 }: { ttlMs: number; maxEntries?: number }): SharedReads {
  // Keys are listings and products: a crawler walking every filter combination only cycles this bound (decision 0035).
  const entries = createLru<string, { at: number; value: Promise<unknown> }>({ maxEntries });
  let reads = 0;
  return {
    share<A, R>(read: (args: A) => Promise<R>, keyOf: (args: A) => string = (args) => JSON.stringify(args)) {
      if (ttlMs <= 0) return read;
      const prefix = `${reads++}:`;
      return (args: A) => {
        // A render ahead of a phase change reads as of that instant: its answers are not the present's (decision 0051).
        if (renderingAheadFor() !== undefined) return read(args);
        const key = prefix + keyOf(args);
        const now = Date.now();
        const hit = entries.get(key);
        if (hit && now - hit.at <= ttlMs) return hit.value as Promise<R>;
        const value = read(args);
        entries.set(key, { at: now, value });
        // A failed read is not kept: the next caller asks again.
        value.catch(() => entries.peek(key)?.value === value && entries.delete(key));
        return value;
      };
    },
    clear: () => entries.clear(),
  };
}

/**
 * The catalogue's shared reads: every committed change, made here or heard from another process, drops them (they are
 * a second old at most, but a page rendered from one would then be cached for the response cache's whole life;
 * decisions 0016, 0022).
 */
export function createCatalogReads({ ttlMs, catalogChanges }: { ttlMs: number; catalogChanges: CatalogChanges }): SharedReads {
  return clearedBy(catalogChanges, createSharedReads({ ttlMs }), { everyChange: true });
}
