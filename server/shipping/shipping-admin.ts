import type { CatalogChanges } from "../cache/catalog-changes";
import type { Database } from "../db/client";
import { loadPricingRules } from "../pricing/pricing-rules";
import { freeShippingFrom } from "../pricing/shipping-rates";
import { publishingAll } from "../zones/staff-change";
import type { AddressTest, ZoneChange, ZoneFields } from "../zones/zone-schemas";
import { createZone, deleteZone, updateZone } from "../zones/zone-store";
import { createShippingRate, deleteShippingRate, updateShippingRate } from "./shipping-rates-admin";
import type { ShippingRateChange, ShippingRateFields } from "./shipping-schemas";
import { testShippingAddress } from "./test-shipping-address";

export interface ShippingAdminDeps {
  db: Database;
  now: () => Date;
  catalogChanges: CatalogChanges;
}

type By = { actor: string };

/** Every shipping zone with its regions and rates, and the subtotal from which each ships free (null: never). */
async function shippingOverview(db: Database) {
  const rules = await loadPricingRules(db);
  return { zones: rules.shippingZones.map((z) => ({ ...z, freeFromCents: freeShippingFrom(z.rates) })) };
}

/**
 * The staff side of shipping (issue 27): zones and their regions, rates, and the test panel. Every change is one
 * transaction, then every process drops its cached rules and pages.
 */
export function createShippingAdmin({ db, now, catalogChanges }: ShippingAdminDeps) {
  const changing = publishingAll(catalogChanges);
  const at = () => ({ db, now: now() });
  return {
    overview: () => shippingOverview(db),
    createZone: changing((args: By & { input: ZoneFields }) => createZone({ ...args, ...at(), kind: "shipping" })),
    updateZone: changing((args: By & { id: number; change: ZoneChange }) => updateZone({ ...args, ...at(), kind: "shipping" })),
    deleteZone: changing((args: By & { id: number }) => deleteZone({ ...args, ...at(), kind: "shipping" })),
    createRate: changing((args: By & { input: ShippingRateFields }) => createShippingRate({ ...args, ...at() })),
    updateRate: changing((args: By & { id: number; change: ShippingRateChange }) => updateShippingRate({ ...args, ...at() })),
    deleteRate: changing((args: By & { id: number }) => deleteShippingRate({ ...args, ...at() })),
    testAddress: async ({ to, parcel }: AddressTest) => testShippingAddress(await loadPricingRules(db), to, parcel),
  };
}

export type ShippingAdmin = ReturnType<typeof createShippingAdmin>;
