import type { Database } from "../db/client";
import type { SearchService } from "../search/search-service";
import { withDeps } from "../with-deps";
import { browseCatalog } from "./browse-catalog";
import type { CollectionCache } from "./collections";
import { findProduct, getProduct, variantStock } from "./get-product";
import { listProducts } from "./list-products";
import type { SharedReads } from "./shared-reads";

export interface CatalogDeps {
  db: Database;
  /** Reads every visitor gets the same answer to, shared for a moment (decision 0016). */
  sharedReads: SharedReads;
  collections: CollectionCache;
  search: Pick<SearchService, "searchProducts">;
}

/** What shoppers browse (DESIGN §4): collections, listings, products and search, the same reads shared between visitors. */
export function createCatalogService({ db, sharedReads, collections, search }: CatalogDeps) {
  return {
    /** Collections and subcategories in menu order (cached briefly: every page's menus read them). */
    collections: () => collections.list(),
    listProducts: sharedReads.share(withDeps({ db }, listProducts)),
    getProduct: sharedReads.share(withDeps({ db }, getProduct)),
    findProduct: sharedReads.share(withDeps({ db }, findProduct)),
    /** A product's variants' stock, read afresh: a product page's stock places after a sale (decision 0041). */
    variantStock: withDeps({ db }, variantStock),
    browseCatalog: sharedReads.share(withDeps({ db }, browseCatalog), ({ category, subcategory, params }) => `${category}/${subcategory}?${params}`),
    searchProducts: search.searchProducts,
  };
}

export type CatalogService = ReturnType<typeof createCatalogService>;
