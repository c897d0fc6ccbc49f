/**
 * Cookie consent (issue 34, decision 0039): shared by the banner, the boot script and the server. Pure code only.
 *
 * The choice lives in the visitor's own `consent` cookie, read and written in the browser only: the page is the same
 * for every visitor (decision 0034), and the server never reads the cookie.
 */

/** Where the banner asks before analytics: everywhere, or only where the visitor's country's law requires it. */
export const CONSENT_SCOPES = ["everywhere", "region"] as const;
export type ConsentScope = (typeof CONSENT_SCOPES)[number];

export const CONSENT_COOKIE = "consent";

/** How long a choice is kept: 6 months, after which the banner asks again. */
export const CONSENT_MONTHS = 6;

/**
 * Everything the banner says. Its version is made from this text, so changing a word asks every visitor again: the
 * consent they gave was to the old text.
 */
export const CONSENT_TEXT = {
  title: "Cookies and your privacy",
  // Two short paragraphs, each smaller than any page's largest paint (e2e/consent.spec.ts checks it is never the banner).
  intro: "We use analytics and marketing cookies only if you agree.",
  essential: "Cookies for your session and your cart are always on.",
  necessary: {
    label: "Strictly necessary",
    always: "Always on",
    detail: "Your session (it keeps you signed in), your cart (what you have added to it) and this choice. The store can't work without them, so they need no consent.",
  },
  analytics: { label: "Analytics", detail: "Google Analytics, through Google Tag Manager: which pages are visited and how fast they are. It sets analytics cookies." },
  marketing: { label: "Marketing", detail: "Lets Google measure our ads and personalise the ones you see (ad storage, ad user data and ad personalisation)." },
  acceptAll: "Accept all",
  rejectAll: "Reject all",
  choose: "Choose",
  save: "Save choices",
  settings: "Cookie settings",
} as const;

/** A short, stable hash (FNV-1a, base 36) of the banner's text: the version a stored choice was given to. */
function textHash(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(36);
}

// Pure: a page that only reads the cookie's name (the boot script is written on the server) carries none of this.
export const CONSENT_VERSION = /* @__PURE__ */ textHash(JSON.stringify(CONSENT_TEXT));

export interface ConsentChoice {
  analytics: boolean;
  marketing: boolean;
}

/** The cookie's value: `{version}.{analytics 0|1}{marketing 0|1}.{seconds since 1970 when chosen}`. */
export function consentCookieValue(choice: ConsentChoice, at: Date, version = CONSENT_VERSION): string {
  return `${version}.${choice.analytics ? 1 : 0}${choice.marketing ? 1 : 0}.${Math.floor(at.getTime() / 1000)}`;
}

/** A stored choice, or null when there is none or it was given to another version of the banner (ask again). */
export function parseConsentCookie(value: string | null | undefined, version = CONSENT_VERSION): ConsentChoice | null {
  const match = /^([0-9a-z]+)\.([01])([01])\.\d+$/.exec(value ?? "");
  if (!match || match[1] !== version) return null;
  return { analytics: match[2] === "1", marketing: match[3] === "1" };
}

/** Google Consent Mode v2's four signals for a choice: analytics grants analytics storage, marketing the three ad ones. */
export function consentSignals(choice: ConsentChoice) {
  const [analytics, ads] = [choice.analytics, choice.marketing].map((granted) => (granted ? "granted" : "denied"));
  return { ad_storage: ads, analytics_storage: analytics, ad_user_data: ads, ad_personalization: ads } as const;
}

/**
 * Countries whose law asks for consent before analytics and marketing cookies: the European Economic Area (the EU's
 * 27, Iceland, Liechtenstein, Norway: the ePrivacy Directive and the GDPR), the United Kingdom (PECR, UK GDPR) and
 * Switzerland (revFADP), as ISO 3166-1 alpha-2 codes.
 */
export const CONSENT_COUNTRIES: ReadonlySet<string> = new Set(
  ["AT", "BE", "BG", "HR", "CY", "CZ", "DK", "EE", "FI", "FR", "DE", "GR", "HU", "IE", "IT", "LV", "LT", "LU", "MT", "NL", "PL", "PT", "RO", "SK", "SI", "ES", "SE", "IS", "LI", "NO", "GB", "CH"],
);

/**
 * Whether to ask a visitor from `country` (a proxy's header value). Unknown, malformed, "XX" (unknown to Cloudflare)
 * or "T1" (Tor) asks: when in doubt, the strict rule.
 */
export function consentRequired(scope: ConsentScope, country: string | null | undefined): boolean {
  if (scope === "everywhere") return true;
  const code = (country ?? "").trim().toUpperCase();
  if (!/^[A-Z]{2}$/.test(code) || code === "XX") return true;
  return CONSENT_COUNTRIES.has(code);
}

/** The request header a proxy or CDN sets to the visitor's country (COUNTRY_HEADER; Cloudflare's by default). */
export const DEFAULT_COUNTRY_HEADER = "CF-IPCountry";
