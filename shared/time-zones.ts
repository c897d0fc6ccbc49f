import { subdivisionOf } from "./regions";

/** Where a store with no zone and no address we can place keeps its days: the store's home, Los Angeles. */
export const DEFAULT_TIME_ZONE = "America/Los_Angeles";

// The zone most of each state or province lives in (a state split between zones takes its larger part's).
const EASTERN = "CT DE DC FL GA IN ME MD MA MI NH NJ NY NC OH PA RI SC VT VA WV KY";
const CENTRAL = "AL AR IL IA KS LA MN MS MO NE ND OK SD TN TX WI";
const MOUNTAIN = "CO MT NM UT WY ID";
const PACIFIC = "CA NV OR WA";
const BY_SUBDIVISION: Record<string, string> = {
  ...Object.fromEntries(EASTERN.split(" ").map((s) => [`US-${s}`, "America/New_York"])),
  ...Object.fromEntries(CENTRAL.split(" ").map((s) => [`US-${s}`, "America/Chicago"])),
  ...Object.fromEntries(MOUNTAIN.split(" ").map((s) => [`US-${s}`, "America/Denver"])),
  ...Object.fromEntries(PACIFIC.split(" ").map((s) => [`US-${s}`, "America/Los_Angeles"])),
  "US-AZ": "America/Phoenix",
  "US-AK": "America/Anchorage",
  "US-HI": "Pacific/Honolulu",
  "CA-BC": "America/Vancouver",
  "CA-AB": "America/Edmonton",
  "CA-SK": "America/Regina",
  "CA-MB": "America/Winnipeg",
  "CA-ON": "America/Toronto",
  "CA-QC": "America/Toronto",
  "CA-NB": "America/Halifax",
  "CA-NS": "America/Halifax",
  "CA-PE": "America/Halifax",
  "CA-NL": "America/St_Johns",
  "CA-YT": "America/Whitehorse",
  "CA-NT": "America/Yellowknife",
  "CA-NU": "America/Iqaluit",
};

/** The zone of a legal address (its state or province; the UK is one zone), or null when it can't be placed. */
export function timeZoneOfAddress(country: string, region: string): string | null {
  if (country === "GB") return "Europe/London";
  const code = subdivisionOf(country, region);
  return (code && BY_SUBDIVISION[code]) ?? null;
}

/** The zone the store's reports follow: the one staff chose, else the legal address's, else Los Angeles. */
export function storeTimeZone(settings: { timeZone: string | null; country: string; region: string }): string {
  return settings.timeZone ?? timeZoneOfAddress(settings.country, settings.region) ?? DEFAULT_TIME_ZONE;
}

/** Every IANA zone this runtime knows (Intl's list, which names UTC only as Etc/UTC), for validation and the picker. */
export function timeZoneNames(): string[] {
  return ["UTC", ...Intl.supportedValuesOf("timeZone")];
}

export function isTimeZone(value: string): boolean {
  return timeZoneNames().includes(value);
}
