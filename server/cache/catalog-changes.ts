import { AsyncLocalStorage } from "node:async_hooks";

/**
 * What a committed write changed, for the caches of every process (decision 0022): some products' stock or rating
 * (a checkout, a payment, an expiry, a shopper's review), or anything at all (staff changes: prices, products,
 * collections, the drop). `stockOnly`: nothing of those products but their stock changed, which a product page's stock
 * places show as it changes (decision 0041).
 */
export type CatalogChange = { all: true } | { products: number[]; stockOnly?: boolean; stock?: VariantStock[] };

/**
 * A variant's units available to sell as a committed write left them, with the row's stock version (raised by every
 * write to its stock, migration 0039): of two such figures for a variant, the higher version is the later, in
 * whatever order they arrive. A stock-only change carries them for the products whose every move committed, so a
 * product page's stock places are filled without reading the database again (decision 0043).
 */
export interface VariantStock {
  product: number;
  variant: number;
  available: number;
  version: number;
}

export type ChangeListener = (change: CatalogChange, origin: "here" | "elsewhere") => void;

export interface CatalogChanges {
  /** A write made by this process has committed: its caches drop what it changed, then the other processes hear. */
  publish(change: CatalogChange): void;
  /** A change another process made (or may have made, after a lost connection): this process's caches only. */
  receive(change: CatalogChange): void;
  subscribe(listener: ChangeListener): () => void;
}

export function createCatalogChanges(): CatalogChanges {
  const listeners = new Set<ChangeListener>();
  const tell = (change: CatalogChange, origin: "here" | "elsewhere") => {
    for (const listener of listeners) listener(change, origin);
  };
  return {
    publish: (change) => tell(change, "here"),
    receive: (change) => tell(change, "elsewhere"),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/**
 * Drops a cache of this process on every change to everything (a staff change, made here or heard from another
 * process), or on every change at all with `everyChange` (decisions 0016, 0022). Returns the cache.
 */
export function clearedBy<C extends { clear(): void }>(changes: CatalogChanges, cache: C, { everyChange = false } = {}): C {
  changes.subscribe((change) => {
    if (everyChange || "all" in change) cache.clear();
  });
  return cache;
}

/**
 * The products a running service call has changed so far, whether anything of theirs but stock, whether stock came
 * back on sale (see publishingChangedProducts), the committed stock figures of its moves, and the products with a move
 * whose commit is unknown (made outside a transaction `committingStock` watches, or in one that failed).
 */
const touched = new AsyncLocalStorage<{ ids: Set<number>; more: boolean; returned: boolean; stock: Map<number, VariantStock>; unknown: Set<number> }>();

/** The stock figures noted inside the running transaction, kept once it has committed. */
const uncommitted = new AsyncLocalStorage<VariantStock[]>();

/**
 * Called inside the transaction by the few functions that change what a product shows to everyone (stock moves in
 * server/orders/stock.ts, a product's rating): the service call around it publishes them once it has returned.
 * Outside such a call (staff services, which clear every cache anyway) it does nothing.
 */
export function noteChangedProducts(ids: Iterable<number>, what: "stock taken" | "stock returned" | "rating"): void {
  const store = touched.getStore();
  if (!store) return;
  for (const id of ids) store.ids.add(id);
  if (what === "rating") store.more = true;
  if (what === "stock returned") store.returned = true;
}

/**
 * A stock move with the figures it left (each variant's units available and stock version, as the UPDATE returned
 * them). The figures count once their transaction has committed; until then, or when that is unknown, the product is
 * only named, and its page reads its stock again.
 */
export function noteStockMoves(moves: VariantStock[], what: "stock taken" | "stock returned"): void {
  const store = touched.getStore();
  if (!store) return;
  noteChangedProducts(
    moves.map((m) => m.product),
    what,
  );
  const pending = uncommitted.getStore();
  if (pending) pending.push(...moves);
  else for (const m of moves) store.unknown.add(m.product);
}

const WATCHED = Symbol("committingStock");

/**
 * Makes the database's transactions keep the stock figures noted inside them only once they have committed. A figure
 * from a transaction that rolled back would show units that were never sold (or never bought back), and a later
 * committed write of the same version would then be taken for old. The database is changed in place (its prepared
 * statements are found by its identity) and only once; outside a publishing service call its transactions are as
 * they were.
 */
export function committingStock<D extends { transaction: (...args: never[]) => Promise<unknown> }>(db: D): D {
  const watched = db as D & { [WATCHED]?: true };
  if (watched[WATCHED]) return db;
  const transaction = db.transaction.bind(db) as (...args: unknown[]) => Promise<unknown>;
  const committing = async (...args: unknown[]) => {
    const store = touched.getStore();
    if (!store) return transaction(...args);
    const pending: VariantStock[] = [];
    try {
      const result = await uncommitted.run(pending, () => transaction(...args));
      for (const m of pending) {
        const known = store.stock.get(m.variant);
        if (!known || m.version > known.version) store.stock.set(m.variant, m);
      }
      return result;
    } catch (error) {
      for (const m of pending) store.unknown.add(m.product);
      throw error;
    }
  };
  Object.assign(watched, { transaction: committing, [WATCHED]: true });
  return db;
}

/** Whether the running service call has put stock back on sale so far; undefined outside such a call (unknown). */
export function stockReturnedSoFar(): boolean | undefined {
  return touched.getStore()?.returned;
}

/**
 * Wraps a service that may change products' stock or rating: once it has returned (its transactions committed, or
 * failed, when a partial commit is possible), the products it touched are published, and only those.
 */
export function publishingChangedProducts<A extends unknown[], R>(changes: CatalogChanges, service: (...args: A) => Promise<R>) {
  return async (...args: A): Promise<R> => {
    const store = { ids: new Set<number>(), more: false, returned: false, stock: new Map<number, VariantStock>(), unknown: new Set<number>() };
    try {
      return await touched.run(store, () => service(...args));
    } finally {
      const products = [...store.ids].sort((a, b) => a - b);
      const stock = [...store.stock.values()].filter((m) => !store.unknown.has(m.product));
      if (products.length > 0) changes.publish(store.more ? { products } : { products, stockOnly: true, ...(stock.length ? { stock } : {}) });
    }
  };
}
