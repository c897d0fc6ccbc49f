import { CARRIERS, type KnownCarrier } from "./tracking-choices";

const TRACKING_PAGES: Record<KnownCarrier, (number: string) => string> = {
  UPS: (n) => `https://www.ups.com/track?tracknum=${encodeURIComponent(n)}`,
  USPS: (n) => `https://tools.usps.com/go/TrackConfirmAction?tLabels=${encodeURIComponent(n)}`,
  FedEx: (n) => `https://www.fedex.com/fedextrack/?trknbr=${encodeURIComponent(n)}`,
  DHL: (n) => `https://www.dhl.com/global-en/home/tracking/tracking-express.html?tracking-id=${encodeURIComponent(n)}`,
};

export const isKnownCarrier = (carrier: string): carrier is KnownCarrier => (CARRIERS as readonly string[]).includes(carrier);

/** The page where a shopper follows the parcel: built for a known carrier, as given for any other. */
export function trackingUrlFor(shipment: { carrier: string; trackingNumber: string; trackingUrl?: string | null }): string | null {
  return isKnownCarrier(shipment.carrier) ? TRACKING_PAGES[shipment.carrier](shipment.trackingNumber) : (shipment.trackingUrl ?? null);
}

/** An order's tracking as every page and email shows it, or null before it ships. */
export function trackingOf(order: { carrier: string | null; trackingNumber: string | null; trackingUrl: string | null; shippedAt: Date | null }) {
  if (!order.carrier || !order.trackingNumber) return null;
  return { carrier: order.carrier, number: order.trackingNumber, url: order.trackingUrl, shippedAt: order.shippedAt?.toISOString() ?? null };
}
