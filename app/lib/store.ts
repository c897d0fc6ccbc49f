import { useSyncExternalStore } from "react";

/**
 * A value that components read with useStore and that re-renders them when it is replaced. The cart and the
 * favourites are kept in these (decision 0023): one instance per rendered app, never module-wide, so a server render
 * never sees another shopper's data.
 */
export class Store<T> {
  #value: T;
  readonly #listeners = new Set<() => void>();

  constructor(value: T) {
    this.#value = value;
  }

  readonly get = (): T => this.#value;

  set(value: T): void {
    this.#value = value;
    for (const listener of this.#listeners) listener();
  }

  readonly subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => void this.#listeners.delete(listener);
  };

  /** Whether any mounted component shows the value. */
  get watched(): boolean {
    return this.#listeners.size > 0;
  }
}

export function useStore<T>(store: Store<T>): T {
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}
