import type { TaxProviderName } from "../db/schema";
import type { PricingRules } from "../pricing/pricing-rules";
import { manualTaxProvider } from "./manual-tax";
import { type StripeTaxSettings, stripeTaxProvider } from "./stripe-tax-provider";
import { type TaxProvider, TaxUnavailable } from "./tax-provider";

export interface TaxProviderDeps {
  rules: () => Promise<PricingRules>;
  /** Stripe's secret key (and, in tests, the fake's address); null when Stripe is not configured. */
  stripe: Pick<StripeTaxSettings, "secretKey" | "api"> | null;
}

/** Stripe Tax chosen in the settings without Stripe's keys: every call refuses, so no order is taxed wrongly. */
function unconfiguredStripeTax(): TaxProvider {
  const refuse = async (): Promise<never> => {
    throw new TaxUnavailable("Stripe Tax is selected but Stripe is not configured");
  };
  // Before an address Stripe Tax is not asked, configured or not.
  const quote: TaxProvider["quote"] = async (input) => (input.address ? refuse() : { lines: [], calculationId: null });
  return { name: "stripe_tax", quote, commit: refuse, reverse: refuse };
}

/** The provider the settings name: the staff's tables, or Stripe Tax (DESIGN §10). */
export function createTaxProvider(name: TaxProviderName, deps: TaxProviderDeps): TaxProvider {
  if (name === "manual") return manualTaxProvider(deps.rules);
  return deps.stripe ? stripeTaxProvider({ ...deps.stripe, rules: deps.rules }) : unconfiguredStripeTax();
}
