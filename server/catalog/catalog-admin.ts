import type { AlertService } from "../alerts/alert-service";
import type { Database } from "../db/client";
import type { MailingDeps } from "../mail/mail-deps";
import type { MediaStore } from "../media/media-store";
import { withDeps } from "../with-deps";
import { getAdminProduct, listAdminProducts, productFormOptions, updateVariant } from "./admin-catalog";
import { createProduct, deleteVariant, duplicateProduct, productIdForHandle, updateProduct } from "./admin-products";
import { applyBulkEdit, bulkEditGrid } from "./bulk-edit";
import { type CollectionCache, createCollection, deleteCollection, listCollectionsForStaff, updateCollection } from "./collections";
import { addPhoto, deletePhoto, listPhotos, updatePhoto } from "./product-photos";
import { exportCatalog } from "./shopify-csv/export-catalog";
import { importCatalog } from "./shopify-csv/import-catalog";
import { listTaxCategories } from "./tax-categories";

export interface CatalogAdminDeps extends Pick<MailingDeps, "db" | "now" | "storeUrl" | "storeIdentity"> {
  media: MediaStore;
  /** Hosts an import may fetch photos from although their address is private (tests' local image server). */
  importImageHosts: string[];
  /** This process's collections, read again once staff change them. */
  collections: CollectionCache;
  afterStockChange: AlertService["afterStockChange"];
}

/** Staff's catalogue (/admin/products, /admin/collections): products, variants, photos, collections, bulk edits, CSV. */
export function createCatalogAdmin({ db, now, storeUrl, storeIdentity, media, importImageHosts, collections, afterStockChange: restocking }: CatalogAdminDeps) {
  const clocked = { db, now };
  /** A staff change to the collections: written, then every later read in this process sees it. */
  const changingCollections =
    <P extends { db: Database; now?: () => Date }>(change: (args: P) => Promise<unknown>) =>
    async (args: Omit<P, "db" | "now">) => {
      await change({ ...args, ...clocked } as P);
      collections.clear();
    };
  return {
    listProducts: withDeps({ db }, listAdminProducts),
    getProduct: withDeps({ db }, getAdminProduct),
    // Whatever can put stock back on sale kicks the back-in-stock sender (the minute sweep catches the rest).
    updateVariant: restocking(withDeps(clocked, updateVariant)),
    createProduct: withDeps(clocked, createProduct),
    updateProduct: restocking(withDeps(clocked, updateProduct)),
    duplicateProduct: withDeps(clocked, duplicateProduct),
    deleteVariant: withDeps(clocked, deleteVariant),
    productIdForHandle: withDeps({ db }, productIdForHandle),
    productFormOptions: () => productFormOptions({ db }),
    listTaxCategories: () => listTaxCategories({ db }),
    listCollections: () => listCollectionsForStaff({ db }),
    createCollection: changingCollections(createCollection),
    updateCollection: changingCollections(updateCollection),
    deleteCollection: changingCollections(deleteCollection),
    listPhotos: (args: { productId: number }) => listPhotos(db, args.productId),
    addPhoto: withDeps({ ...clocked, media }, addPhoto),
    updatePhoto: withDeps(clocked, updatePhoto),
    deletePhoto: withDeps(clocked, deletePhoto),
    bulkEditGrid: withDeps({ db }, bulkEditGrid),
    exportCatalog: async () => exportCatalog({ db, storeUrl, vendor: (await storeIdentity()).name }),
    importCatalog: restocking(withDeps({ ...clocked, media, fetchOptions: { allowHosts: importImageHosts } }, importCatalog)),
    applyBulkEdit: restocking(withDeps(clocked, applyBulkEdit)),
  };
}

export type CatalogAdmin = ReturnType<typeof createCatalogAdmin>;
