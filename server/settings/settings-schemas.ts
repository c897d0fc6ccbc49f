import { z } from "zod";
import { CONSENT_SCOPES } from "../../shared/consent";
import { COUNTRIES, type CountryCode, subdivisionOf } from "../../shared/regions";
import { SOCIAL_NETWORKS, type SocialNetwork } from "../../shared/store-settings";
import { isTimeZone } from "../../shared/time-zones";
import { AppError } from "../errors";

// Every message names its field as the form labels it, so the one-line answer and each field's error read alike.
const text = (label: string, max: number) =>
  z
    .string({ error: `${label}: enter a value` })
    .trim()
    .min(1, `${label}: enter a value`)
    .max(max, `${label}: use at most ${max} characters`);

/** An optional line: empty or absent is null. */
const optionalText = (label: string, max: number) =>
  z
    .string({ error: `${label}: must be text` })
    .trim()
    .max(max, `${label}: use at most ${max} characters`)
    .nullish()
    .transform((v) => v || null);

const email = (label: string) => z.string({ error: `${label}: enter a valid email address` }).trim().pipe(z.email({ error: `${label}: enter a valid email address` }).max(254, `${label}: use at most 254 characters`));

/** A name that goes into the From header: no line breaks, angle brackets or quotes (header injection). */
const senderName = text("Sender name", 80).regex(/^[^\r\n<>"\\]+$/, 'Sender name: leave out line breaks, < > and "');

const phone = optionalText("Phone", 30).refine((v) => v === null || /^\+?[0-9][0-9 ().-]{5,28}[0-9]$/.test(v), "Phone: enter a phone number such as +1 718 555 0100");

/** "https://www.instagram.com/vsopstore" for Instagram: https, on the network's own site, with a path. */
function socialLink(network: SocialNetwork) {
  const { label, hosts } = SOCIAL_NETWORKS[network];
  const message = `${label}: enter an https:// link to a profile on ${hosts[0]}`;
  const onNetwork = (value: string) => {
    try {
      const url = new URL(value);
      const host = url.hostname.toLowerCase();
      return url.protocol === "https:" && !url.username && !url.password && url.pathname.length > 1 && hosts.some((h) => host === h || host.endsWith(`.${h}`));
    } catch {
      return false;
    }
  };
  return z
    .string({ error: message })
    .trim()
    .max(300, `${label}: use at most 300 characters`)
    .refine((v) => v === "" || onNetwork(v), message)
    .optional();
}

const socialLinksSchema = z
  .object(Object.fromEntries(Object.keys(SOCIAL_NETWORKS).map((n) => [n, socialLink(n as SocialNetwork)])) as Record<SocialNetwork, ReturnType<typeof socialLink>>, {
    error: "Social links: send an object of links by network",
  })
  .strict()
  .transform((links) => Object.fromEntries(Object.entries(links).filter(([, url]) => url)) as Record<string, string>);

const POSTAL_CODES: Record<CountryCode, RegExp> = {
  US: /^\d{5}(-\d{4})?$/,
  CA: /^[A-Za-z]\d[A-Za-z] ?\d[A-Za-z]\d$/,
  GB: /^[A-Za-z]{1,2}\d[A-Za-z\d]? ?\d[A-Za-z]{2}$/,
};

/**
 * PUT /api/admin/settings: the store's identity, every field at once (the page sends the whole form). The logo has its
 * own calls, and the tax settings are changed from the tax page.
 */
export const settingsUpdateSchema = z
  .object(
    {
      storeName: text("Store name", 80),
      legalName: text("Legal name", 120),
      addressLine1: text("Address", 200),
      addressLine2: optionalText("Address line 2", 200),
      city: text("City", 100),
      region: text("State / region", 100),
      postalCode: text("Postal code", 12),
      country: z.enum(Object.keys(COUNTRIES) as [CountryCode, ...CountryCode[]], { error: `Country: choose ${Object.values(COUNTRIES).join(", ")}` }),
      supportEmail: email("Support email"),
      phone,
      senderName,
      senderEmail: email("Sender email"),
      socialLinks: socialLinksSchema,
      /**
       * The zone reports count days in (issue 52): an IANA name; empty or null follows the legal address. Left out
       * (an older client), it stays as it was.
       */
      timeZone: z
        .string({ error: "Time zone: choose a zone such as America/New_York" })
        .trim()
        .refine((v) => v === "" || isTimeZone(v), "Time zone: choose a zone such as America/New_York")
        .nullish()
        .transform((v) => (v === undefined ? undefined : v || null)),
      /** The shopper's return form offers store credit (issue 51). Left out, it stays as it was. */
      returnsStoreCredit: z.boolean({ error: "Returns: store credit must be true or false" }).optional(),
    },
    { error: "Send the settings as a JSON object" },
  )
  .strict()
  .superRefine((v, ctx) => {
    if (!subdivisionOf(v.country, v.region)) ctx.addIssue({ code: "custom", path: ["region"], message: `State / region: enter one of ${COUNTRIES[v.country]}'s, such as ${v.country === "US" ? "NY" : v.country === "CA" ? "ON" : "England"}` });
    if (!POSTAL_CODES[v.country].test(v.postalCode)) ctx.addIssue({ code: "custom", path: ["postalCode"], message: `Postal code: enter a ${COUNTRIES[v.country]} postal code` });
  });

export type SettingsUpdate = z.output<typeof settingsUpdateSchema>;

export interface FieldError {
  /** The field's name in the request ("supportEmail", "socialLinks.instagram"); "" for the body as a whole. */
  field: string;
  message: string;
}

/** The settings, or a 400 whose message lists every problem and whose `errors` tell the form which field has each. */
export function parseSettingsUpdate(input: unknown): SettingsUpdate {
  const parsed = settingsUpdateSchema.safeParse(input);
  if (parsed.success) return parsed.data;
  const errors: FieldError[] = parsed.error.issues.flatMap((issue) => {
    const field = issue.path.join(".");
    if (issue.code === "unrecognized_keys") return issue.keys.map((key) => ({ field: field ? `${field}.${key}` : key, message: `Unknown field: ${field ? `${field}.` : ""}${key}` }));
    return [{ field, message: issue.message }];
  });
  throw new AppError("bad_request", errors.map((e) => e.message).join("; "), { errors });
}

/** PUT /api/admin/settings/consent: where the cookie banner asks before analytics (decision 0039). */
export const consentSettingsSchema = z
  .object({ scope: z.enum(CONSENT_SCOPES, { error: "must be everywhere or region" }) }, { error: "send a JSON object such as {\"scope\": \"everywhere\"}" })
  .strict();
