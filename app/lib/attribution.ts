import { CONSENT_COOKIE, parseConsentCookie } from "../../shared/consent";

/** Where the visit came from, sent with the checkout's payment-intent request only (issue 52's sales by channel). */
export interface Attribution {
  utmSource?: string;
  utmMedium?: string;
  referrer?: string;
}

const KEY = "landing-attribution";
let landing: Attribution | null = null;

const marketingAllowed = () => parseConsentCookie(document.cookie.match(new RegExp(`(?:^|; )${CONSENT_COOKIE}=([^;]*)`))?.[1])?.marketing === true;

/** A utm value as the server accepts it (server/orders/checkout-schemas.ts), or nothing. */
const utm = (value: string | null) => (value && /^[\p{L}\p{N} ._~+-]{1,100}$/u.test(value.trim()) ? value.trim() : undefined);

/**
 * Notes the landing page's utm_source, utm_medium and referring site (its host only, and not this store) once per
 * visit. It is kept in memory; only a visitor who allowed marketing cookies has it kept in sessionStorage too, so a
 * reload doesn't lose it (decision 0039: nothing stored for marketing before consent).
 */
export function noteLanding(location: Pick<Location, "search" | "host">, referrer: string): void {
  if (landing || sessionStorage.getItem(KEY)) return;
  const params = new URLSearchParams(location.search);
  let host: string | undefined;
  try {
    host = referrer ? new URL(referrer).hostname.toLowerCase() : undefined;
  } catch {
    host = undefined;
  }
  landing = { utmSource: utm(params.get("utm_source")), utmMedium: utm(params.get("utm_medium")), referrer: host && host !== location.host.split(":")[0] ? host : undefined };
  if (marketingAllowed()) sessionStorage.setItem(KEY, JSON.stringify(landing));
}

/** What to send with the checkout: the visit's landing attribution, or nothing when it came from nowhere known. */
export function landingAttribution(): Attribution | undefined {
  let kept: Attribution | null = landing;
  try {
    kept ??= JSON.parse(sessionStorage.getItem(KEY) ?? "null") as Attribution | null;
  } catch {
    kept = null;
  }
  const found = Object.fromEntries(Object.entries(kept ?? {}).filter(([, v]) => typeof v === "string" && v));
  return Object.keys(found).length ? found : undefined;
}
