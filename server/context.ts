import { sql } from "drizzle-orm";
import { addCartItem } from "./cart/add-cart-item";
import { clearCart, removeCartItem, updateCartItem } from "./cart/change-cart-item";
import { getCart } from "./cart/read-cart";
import { browseCatalog } from "./catalog/browse-catalog";
import { findProduct, getProduct } from "./catalog/get-product";
import { searchProducts } from "./catalog/search-products";
import { listProducts } from "./catalog/list-products";
import type { Database } from "./db/client";

/** Turns `fn({ db, ...args })` into `fn(args)` with the database filled in. */
function bind<A extends { db: Database }, R>(db: Database, fn: (args: A) => R): (args: Omit<A, "db">) => R {
  return (args) => fn({ ...args, db } as A);
}

/** Every service, bound to its dependencies once at start-up. Loaders and /api handlers call only these. */
export function createServices({ db }: { db: Database }) {
  return {
    catalog: {
      listProducts: bind(db, listProducts),
      getProduct: bind(db, getProduct),
      findProduct: bind(db, findProduct),
      browseCatalog: bind(db, browseCatalog),
      searchProducts: bind(db, searchProducts),
    },
    cart: {
      getCart: bind(db, getCart),
      addCartItem: bind(db, addCartItem),
      updateCartItem: bind(db, updateCartItem),
      removeCartItem: bind(db, removeCartItem),
      clearCart: bind(db, clearCart),
    },
    health: {
      /** Throws when the database does not answer. */
      checkDatabase: async () => {
        await db.execute(sql`select 1`);
      },
    },
  };
}

export type Services = ReturnType<typeof createServices>;
