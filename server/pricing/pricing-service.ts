import { type CatalogChanges, clearedBy } from "../cache/catalog-changes";
import { cachedValue } from "../cache/cached-value";
import type { Database } from "../db/client";
import type { TaxProviderName } from "../db/schema";
import type { DropIndex } from "../drops/drop-index";
import { createTaxProvider, type TaxProviderDeps } from "../tax/create-tax-provider";
import { loadPricingRules } from "./pricing-rules";
import { dropShipsFree, shippingPromise } from "./shipping-promise";

export interface PricingDeps {
  db: Database;
  catalogChanges: CatalogChanges;
  /** Stripe's API for Stripe Tax, when Stripe is configured (the settings choose whether tax uses it). */
  stripeTax: TaxProviderDeps["stripe"];
  drops: Pick<DropIndex, "list">;
}

/** The staff's tax and shipping rules as every price reads them, the tax providers they name, and the shipping promise. */
export function createPricingService({ db, catalogChanges, stripeTax, drops }: PricingDeps) {
  // The rules change only when staff save them (a change to everything, heard by every process).
  const cached = clearedBy(catalogChanges, cachedValue(() => loadPricingRules(db), 60_000));
  const rules = () => cached.get();
  const taxProviders = { manual: createTaxProvider("manual", { rules, stripe: null }), stripe_tax: createTaxProvider("stripe_tax", { rules, stripe: stripeTax }) };
  return {
    rules,
    /** The tax provider of that name (an order is committed and reversed by the one that priced it). */
    taxProvider: (name: TaxProviderName) => taxProviders[name],
    /** What the storefront may say about shipping before an address; for a product, whether its drop ships pre-orders free. */
    shippingPromise: async ({ productId }: { productId?: number } = {}) =>
      shippingPromise(await rules(), { dropShipsFree: productId !== undefined && (await dropShipsFree({ drops, productId })) }),
    /** The subtotal from which every order ships free, or null (the announcement bar's "free shipping over"). */
    freeShippingFrom: async () => shippingPromise(await rules()).freeFromCents,
  };
}

export type PricingService = ReturnType<typeof createPricingService>;
