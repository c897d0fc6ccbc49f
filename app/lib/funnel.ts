import { CONSENT_COOKIE, parseConsentCookie } from "../../shared/consent";
import { FUNNEL_HEADER } from "../../shared/funnel";

/**
 * The visit's funnel session (issue 52, decision 0057): a random id, made in this page's memory, that the product
 * page's beacon and the shopping calls (add to cart, the checkout's quote, the payment) carry so the store can count
 * each stage once per visit. It says nothing about the shopper. Only a visitor who allowed analytics has it kept in
 * sessionStorage, so a reload stays the same visit; without that choice nothing is stored on their device, and a
 * reload is a new session (decision 0039: nothing for analytics before consent).
 */
const KEY = "funnel-session";
let session: string | null = null;

const analyticsAllowed = () => parseConsentCookie(document.cookie.match(new RegExp(`(?:^|; )${CONSENT_COOKIE}=([^;]*)`))?.[1])?.analytics === true;

/** A version 4 UUID, also where crypto.randomUUID is missing (a page not served over https). */
function randomId(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const hex = [...b].map((x) => x.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export function funnelSession(): string {
  try {
    session ??= sessionStorage.getItem(KEY);
    session ??= randomId();
    if (analyticsAllowed()) sessionStorage.setItem(KEY, session);
  } catch {
    session ??= randomId();
  }
  return session;
}

/** The calls that count a stage: they carry the session as a header (server/reports/funnel-events.ts). */
const COUNTED = /^\/api\/(cart\/items|checkout\/quote|create-payment-intent)$/;
export const funnelHeaders = (method: string, path: string): Record<string, string> =>
  typeof window !== "undefined" && method === "POST" && COUNTED.test(path) ? { [FUNNEL_HEADER]: funnelSession() } : {};

const beacon = (path: string, body: object) =>
  typeof navigator.sendBeacon === "function" && navigator.sendBeacon(path, new Blob([JSON.stringify(body)], { type: "application/json" }));

/** The checkout page, once open: "began checkout" with what the cart holds (the server reads the cart). */
export const sendCheckoutOpened = () => void beacon("/api/funnel/checkout", { session: funnelSession() });

/**
 * The product page's view, sent once the page is idle with navigator.sendBeacon (the page itself is the same cached
 * page for every visitor: nothing per visitor is rendered for it). Once per product per page.
 */
const sent = new Set<number>();
export function sendProductView(productId: number): void {
  if (sent.has(productId)) return;
  sent.add(productId);
  beacon("/api/funnel/view", { session: funnelSession(), productId });
}
