import { AsyncLocalStorage } from "node:async_hooks";

/**
 * What a committed write changed, for the caches of every process (decision 0022): some products' stock or rating
 * (a checkout, a payment, an expiry, a shopper's review), or anything at all (staff changes: prices, products,
 * collections, the drop). `stockOnly`: nothing of those products but their stock changed, which a product page's stock
 * places show as it changes (decision 0041).
 */
export type CatalogChange = { all: true } | { products: number[]; stockOnly?: boolean };

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
 * The products a running service call has changed so far, whether anything of theirs but stock, and whether stock
 * came back on sale (see publishingChangedProducts).
 */
const touched = new AsyncLocalStorage<{ ids: Set<number>; more: boolean; returned: boolean }>();

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
    const store = { ids: new Set<number>(), more: false, returned: false };
    try {
      return await touched.run(store, () => service(...args));
    } finally {
      const products = [...store.ids].sort((a, b) => a - b);
      if (products.length > 0) changes.publish(store.more ? { products } : { products, stockOnly: true });
    }
  };
}
