/**
 * The countries the store ships to and their states, provinces and nations by ISO 3166-2, for addresses, tax and
 * shipping zones. A shopper's free-text region ("California", "ca", "US-CA") is read with `subdivisionOf`.
 */
export const COUNTRIES = { US: "United States", CA: "Canada", GB: "United Kingdom" } as const;
export type CountryCode = keyof typeof COUNTRIES;

const US = {
  AL: "Alabama", AK: "Alaska", AZ: "Arizona", AR: "Arkansas", CA: "California", CO: "Colorado", CT: "Connecticut", DE: "Delaware",
  DC: "District of Columbia", FL: "Florida", GA: "Georgia", HI: "Hawaii", ID: "Idaho", IL: "Illinois", IN: "Indiana", IA: "Iowa",
  KS: "Kansas", KY: "Kentucky", LA: "Louisiana", ME: "Maine", MD: "Maryland", MA: "Massachusetts", MI: "Michigan", MN: "Minnesota",
  MS: "Mississippi", MO: "Missouri", MT: "Montana", NE: "Nebraska", NV: "Nevada", NH: "New Hampshire", NJ: "New Jersey",
  NM: "New Mexico", NY: "New York", NC: "North Carolina", ND: "North Dakota", OH: "Ohio", OK: "Oklahoma", OR: "Oregon",
  PA: "Pennsylvania", RI: "Rhode Island", SC: "South Carolina", SD: "South Dakota", TN: "Tennessee", TX: "Texas", UT: "Utah",
  VT: "Vermont", VA: "Virginia", WA: "Washington", WV: "West Virginia", WI: "Wisconsin", WY: "Wyoming", PR: "Puerto Rico",
};
const CA = {
  AB: "Alberta", BC: "British Columbia", MB: "Manitoba", NB: "New Brunswick", NL: "Newfoundland and Labrador", NS: "Nova Scotia",
  NT: "Northwest Territories", NU: "Nunavut", ON: "Ontario", PE: "Prince Edward Island", QC: "Quebec", SK: "Saskatchewan", YT: "Yukon",
};
const GB = { ENG: "England", SCT: "Scotland", WLS: "Wales", NIR: "Northern Ireland" };

/** ISO 3166-2 code ("US-CA") → name, per country. */
export const SUBDIVISIONS: Record<CountryCode, Record<string, string>> = Object.fromEntries(
  Object.entries({ US, CA, GB }).map(([country, list]) => [country, Object.fromEntries(Object.entries(list).map(([code, name]) => [`${country}-${code}`, name]))]),
) as Record<CountryCode, Record<string, string>>;

export function isCountry(code: string): code is CountryCode {
  return Object.hasOwn(COUNTRIES, code);
}

const squash = (s: string) => s.toLowerCase().replace(/[^a-z]/g, "");

/** The ISO 3166-2 code of a region as a shopper types it (code, "US-CA" or name), or null when it names none. */
export function subdivisionOf(country: string, region: string): string | null {
  if (!isCountry(country)) return null;
  const wanted = squash(region.replace(new RegExp(`^${country}-`, "i"), ""));
  for (const [code, name] of Object.entries(SUBDIVISIONS[country])) {
    if (squash(code.slice(3)) === wanted || squash(name) === wanted) return code;
  }
  return null;
}

/** "US-CA" → "California"; the code itself when unknown. */
export function subdivisionName(code: string): string {
  const country = code.slice(0, 2);
  return (isCountry(country) && SUBDIVISIONS[country][code]) || code;
}

/** Postal codes compared without spaces or dashes, in upper case: "sw1a 1aa" → "SW1A1AA". */
export function normalizePostalCode(code: string): string {
  return code.toUpperCase().replace(/[\s-]/g, "");
}
