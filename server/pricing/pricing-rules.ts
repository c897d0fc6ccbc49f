import { asc } from "drizzle-orm";
import type { Database } from "../db/client";
import { settings, shippingRates, taxCategories, taxRates, type TaxProviderName, zoneRegions, zones } from "../db/schema";
import type { ShippingRate } from "./shipping-rates";
import type { Zone } from "./zones";

export interface TaxRateRule {
  id: number;
  name: string;
  rateMilliPercent: number;
  /** null: every category without a rate of its own in the zone (and the shipping). */
  taxCategoryId: number | null;
}

export interface TaxCategory {
  id: number;
  name: string;
  stripeTaxCode: string | null;
  isDefault: boolean;
}

export type TaxZone = Zone & { rates: TaxRateRule[] };
export type ShippingZone = Zone & { rates: ShippingRate[] };

/** Everything that decides tax and shipping, as staff set it: read once and shared (it changes rarely). */
export interface PricingRules {
  pricesIncludeTax: boolean;
  taxOnShipping: boolean;
  taxProvider: TaxProviderName;
  categories: TaxCategory[];
  taxZones: TaxZone[];
  shippingZones: ShippingZone[];
}

/** The rules from their tables. `db` is the pool, never a transaction: the reads run together, and a transaction's one connection takes one query at a time. */
export async function loadPricingRules(db: Database): Promise<PricingRules> {
  const [row] = await db.select({ pricesIncludeTax: settings.pricesIncludeTax, taxOnShipping: settings.taxOnShipping, taxProvider: settings.taxProvider }).from(settings);
  const [zoneRows, regionRows, taxRateRows, rateRows, categoryRows] = await Promise.all([
    db.select().from(zones).orderBy(asc(zones.id)),
    db.select().from(zoneRegions).orderBy(asc(zoneRegions.id)),
    db.select().from(taxRates).orderBy(asc(taxRates.id)),
    db.select().from(shippingRates).orderBy(asc(shippingRates.position), asc(shippingRates.id)),
    db.select().from(taxCategories).orderBy(asc(taxCategories.id)),
  ]);
  const zoneOf = (z: (typeof zoneRows)[number]): Zone => ({
    id: z.id,
    name: z.name,
    regions: regionRows.filter((r) => r.zoneId === z.id).map(({ country, subdivision, postalPrefix }) => ({ country, subdivision, postalPrefix })),
  });
  return {
    pricesIncludeTax: row?.pricesIncludeTax ?? false,
    taxOnShipping: row?.taxOnShipping ?? false,
    taxProvider: row?.taxProvider ?? "manual",
    categories: categoryRows,
    taxZones: zoneRows
      .filter((z) => z.kind === "tax")
      .map((z) => ({ ...zoneOf(z), rates: taxRateRows.filter((r) => r.zoneId === z.id).map(({ id, name, rateMilliPercent, taxCategoryId }) => ({ id, name, rateMilliPercent, taxCategoryId })) })),
    shippingZones: zoneRows.filter((z) => z.kind === "shipping").map((z) => ({ ...zoneOf(z), rates: rateRows.filter((r) => r.zoneId === z.id) })),
  };
}
