/**
 * Shared by the UI and the server: pure code only, importing nothing from app/ or server/.
 *
 * An announcement's message may say {free_shipping_threshold}: it is filled from the live free-shipping rule when the
 * bar renders, so the merchant never types the amount twice (shared/shipping-copy.ts, server/pricing/shipping-promise.ts).
 */
import { formatCents } from "./shipping-copy";

export const FREE_SHIPPING_PLACEHOLDER = "{free_shipping_threshold}";

const needsFreeShipping = (message: string) => message.includes(FREE_SHIPPING_PLACEHOLDER);

/** The message as shoppers read it, or null when it names a free-shipping threshold the store doesn't have. */
export function fillAnnouncement(message: string, freeFromCents: number | null): string | null {
  if (!needsFreeShipping(message)) return message;
  if (freeFromCents === null) return null;
  return message.replaceAll(FREE_SHIPPING_PLACEHOLDER, formatCents(freeFromCents));
}
