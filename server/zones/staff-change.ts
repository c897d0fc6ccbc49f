import type { CatalogChanges } from "../cache/catalog-changes";
import type { Database } from "../db/client";

export type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** What every staff change to the tax and shipping tables is made with: the database, who, and when. */
export interface StaffChange {
  db: Database;
  actor: string;
  now: Date;
}

/**
 * Wraps a staff change: once it has committed, every process drops its cached pricing rules and pages (the
 * storefront's "free shipping over" copy, the cart's shipping and tax all read these tables).
 */
export function publishingAll(catalogChanges: CatalogChanges) {
  return <A, R>(change: (args: A) => Promise<R>) =>
    async (args: A): Promise<R> => {
      const result = await change(args);
      catalogChanges.publish({ all: true });
      return result;
    };
}
