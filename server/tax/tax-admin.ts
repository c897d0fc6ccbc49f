import type { CatalogChanges } from "../cache/catalog-changes";
import type { Database } from "../db/client";
import { loadPricingRules } from "../pricing/pricing-rules";
import { publishingAll } from "../zones/staff-change";
import type { AddressTest, ZoneChange, ZoneFields } from "../zones/zone-schemas";
import { createZone, deleteZone, updateZone } from "../zones/zone-store";
import type { TaxCategoryChange, TaxCategoryFields, TaxRateChange, TaxRateFields, TaxReportQuery, TaxSettings } from "./tax-admin-schemas";
import { createTaxCategory, deleteTaxCategory, updateTaxCategory } from "./tax-categories-admin";
import { taxOverview } from "./tax-overview";
import { createTaxRate, deleteTaxRate, updateTaxRate } from "./tax-rates-admin";
import { taxReport, taxReportCsv } from "./tax-report";
import { updateTaxSettings } from "./tax-settings";
import { testTaxAddress } from "./test-tax-address";

export interface TaxAdminDeps {
  db: Database;
  now: () => Date;
  catalogChanges: CatalogChanges;
  /** Whether the store takes payments with Stripe: Stripe Tax can't be chosen without it. */
  stripeConfigured: boolean;
}

type By = { actor: string };

/**
 * The staff side of tax (issue 27): zones and their regions, rates, categories, the three settings, the test panel
 * and the monthly report. Every change is one transaction, then every process drops its cached rules and pages.
 */
export function createTaxAdmin({ db, now, catalogChanges, stripeConfigured }: TaxAdminDeps) {
  const changing = publishingAll(catalogChanges);
  const at = () => ({ db, now: now() });
  return {
    overview: () => taxOverview({ db, stripeConfigured }),
    createZone: changing((args: By & { input: ZoneFields }) => createZone({ ...args, ...at(), kind: "tax" })),
    updateZone: changing((args: By & { id: number; change: ZoneChange }) => updateZone({ ...args, ...at(), kind: "tax" })),
    deleteZone: changing((args: By & { id: number }) => deleteZone({ ...args, ...at(), kind: "tax" })),
    createRate: changing((args: By & { input: TaxRateFields }) => createTaxRate({ ...args, ...at() })),
    updateRate: changing((args: By & { id: number; change: TaxRateChange }) => updateTaxRate({ ...args, ...at() })),
    deleteRate: changing((args: By & { id: number }) => deleteTaxRate({ ...args, ...at() })),
    createCategory: changing((args: By & { input: TaxCategoryFields }) => createTaxCategory({ ...args, ...at() })),
    updateCategory: changing((args: By & { id: number; change: TaxCategoryChange }) => updateTaxCategory({ ...args, ...at() })),
    deleteCategory: changing((args: By & { id: number }) => deleteTaxCategory({ ...args, ...at() })),
    updateSettings: changing((args: By & { input: TaxSettings }) => updateTaxSettings({ ...args, ...at(), stripeConfigured })),
    testAddress: async ({ to, parcel }: AddressTest) => testTaxAddress(await loadPricingRules(db), to, parcel),
    report: (query: TaxReportQuery) => taxReport({ db, query, now: now() }),
    reportCsv: (query: TaxReportQuery) => taxReportCsv({ db, query, now: now() }),
  };
}

export type TaxAdmin = ReturnType<typeof createTaxAdmin>;
