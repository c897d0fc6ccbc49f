/** Carriers whose tracking pages we can link from a tracking number; any other carrier gives its own link. */
export const CARRIERS = ["UPS", "USPS", "FedEx", "DHL"] as const;
export type KnownCarrier = (typeof CARRIERS)[number];
