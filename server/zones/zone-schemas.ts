import { z } from "zod";
import { COUNTRIES, isCountry, normalizePostalCode, SUBDIVISIONS, subdivisionOf } from "../../shared/regions";
import { describeRegion, type Destination, type Region } from "../pricing/zones";

export const ONLY_COUNTRIES = "We only ship to the United States, Canada and the United Kingdom";

const notASubdivision = (code: string, country: keyof typeof COUNTRIES) => `${code} is not a state or province of ${COUNTRIES[country]}`;

/** "us" → "US"; a country the store does not ship to is refused with the list of those it does. */
export const countrySchema = z
  .string()
  .trim()
  .toUpperCase()
  .refine(isCountry, ONLY_COUNTRIES)
  .transform((c) => c as keyof typeof COUNTRIES);

/** An empty text is "none" (what a form's empty field sends). */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullable()
    .default(null)
    .transform((s) => (s ? s : null));

/**
 * One region of a zone: a country, optionally one of its states or provinces (ISO 3166-2, "US-CA"; "CA" is read as
 * the country's), optionally postal codes starting with a prefix (stored upper case without spaces: "sw1a" → "SW1A").
 */
export const regionSchema = z
  .object({
    country: countrySchema,
    subdivision: optionalText(10),
    postalPrefix: optionalText(20),
  })
  .strict()
  .transform((r, ctx): Region => {
    const code = r.subdivision?.toUpperCase() ?? null;
    const subdivision = code && !code.includes("-") ? `${r.country}-${code}` : code;
    if (subdivision && !Object.hasOwn(SUBDIVISIONS[r.country], subdivision)) ctx.addIssue({ code: "custom", path: ["subdivision"], message: notASubdivision(subdivision, r.country) });
    const postalPrefix = r.postalPrefix === null ? null : normalizePostalCode(r.postalPrefix);
    if (postalPrefix !== null && !/^[A-Z0-9]{1,10}$/.test(postalPrefix)) ctx.addIssue({ code: "custom", path: ["postalPrefix"], message: "must be 1-10 letters or digits, like 94 or SW1A" });
    else if (postalPrefix !== null && r.country === "US" && !/^\d{1,5}$/.test(postalPrefix)) ctx.addIssue({ code: "custom", path: ["postalPrefix"], message: "a US ZIP code prefix is 1-5 digits, like 94" });
    return { country: r.country, subdivision, postalPrefix };
  });

const regionsSchema = z
  .array(regionSchema)
  .max(100, "at most 100 regions in a zone")
  .superRefine((regions, ctx) => {
    const seen = new Set<string>();
    regions.forEach((r, i) => {
      const key = `${r.country}|${r.subdivision}|${r.postalPrefix}`;
      if (seen.has(key)) ctx.addIssue({ code: "custom", path: [i], message: `${describeRegion(r)} is listed twice` });
      seen.add(key);
    });
  });

const zoneName = z.string().trim().min(1, "must not be empty").max(60, "must be at most 60 characters");

/** POST …/zones: a zone and every region it covers (none: everywhere), saved together. */
export const zoneFieldsSchema = z.object({ name: zoneName, regions: regionsSchema }).strict();
export type ZoneFields = z.output<typeof zoneFieldsSchema>;

/** PATCH …/zones/{id}: a new name, or a new list of regions (it replaces the old one). */
export const zoneChangeSchema = z
  .object({ name: zoneName, regions: regionsSchema })
  .partial()
  .strict()
  .refine((v) => Object.keys(v).length > 0, "Nothing to change");
export type ZoneChange = z.output<typeof zoneChangeSchema>;

/** "42", "42.5", "$1,042.50" or 42.5 → cents, from the decimal text (no float arithmetic). */
export const dollarsSchema = z.union([z.string(), z.number()]).transform((value, ctx) => {
  const text = (typeof value === "number" ? String(value) : value).trim().replace(/^\$/, "").replaceAll(",", "");
  const match = /^(\d{1,7})(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) {
    ctx.addIssue({ code: "custom", message: text.startsWith("-") ? "must not be negative" : "must be an amount in dollars with at most 2 decimals, like 42.50" });
    return z.NEVER;
  }
  return Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
});

/**
 * POST …/test: an address as a shopper types it (the state as a code or a name) and a parcel: the subtotal in
 * dollars (after discounts, before tax) and its weight in grams.
 */
export const addressTestSchema = z
  .object({
    country: countrySchema,
    state: z.string().trim().max(60).default(""),
    postalCode: z.string().trim().max(20).default(""),
    subtotal: dollarsSchema.default(0),
    weightGrams: z.number().int("must be a whole number of grams").min(0, "must not be negative").max(1_000_000, "must be at most 1,000 kg").default(0),
  })
  .strict()
  .transform((input, ctx) => {
    const subdivision = input.state ? subdivisionOf(input.country, input.state) : null;
    if (input.state && !subdivision) ctx.addIssue({ code: "custom", path: ["state"], message: notASubdivision(input.state, input.country) });
    const to: Destination = { country: input.country, subdivision, postalCode: input.postalCode };
    return { to, parcel: { subtotalCents: input.subtotal, weightGrams: input.weightGrams } };
  });
export type AddressTest = z.output<typeof addressTestSchema>;
