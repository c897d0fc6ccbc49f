/**
 * Who the store is, as staff set it at /admin/settings (server/settings): the shapes the pages and emails read, and
 * how the address is written. Pure code, shared by the UI and the server.
 */
import { COUNTRIES, isCountry } from "./regions";
import type { ConsentScope } from "./consent";

/** The social networks the footer has an icon for, with the hosts a profile link may be on. */
export const SOCIAL_NETWORKS = {
  instagram: { label: "Instagram", hosts: ["instagram.com"] },
  facebook: { label: "Facebook", hosts: ["facebook.com", "fb.com"] },
  tiktok: { label: "TikTok", hosts: ["tiktok.com"] },
  youtube: { label: "YouTube", hosts: ["youtube.com"] },
  x: { label: "X", hosts: ["x.com", "twitter.com"] },
  pinterest: { label: "Pinterest", hosts: ["pinterest.com"] },
} as const;
export type SocialNetwork = keyof typeof SOCIAL_NETWORKS;
export const SOCIAL_NETWORK_NAMES = Object.keys(SOCIAL_NETWORKS) as SocialNetwork[];

export interface StoreAddress {
  line1: string;
  line2: string | null;
  city: string;
  region: string;
  postalCode: string;
  /** ISO 3166-1 alpha-2, one of shared/regions.ts COUNTRIES. */
  country: string;
}

/** The logo's derivatives (shared/photo-urls.ts): /media/{key}-{width}.{avif,webp,jpg}. */
export interface StoreLogo {
  key: string;
  widths: number[];
}

export interface SocialLink {
  network: SocialNetwork;
  label: string;
  url: string;
}

/** What every page shows of the store (the root loader's `store`): the same for every visitor. */
export interface PublicStore {
  name: string;
  legalName: string;
  address: StoreAddress;
  supportEmail: string;
  phone: string | null;
  logo: StoreLogo | null;
  socialLinks: SocialLink[];
  /** Where the cookie banner asks before analytics (decision 0039); only used when GTM_ID is set. */
  consentScope: ConsentScope;
}

/** The profiles in the footer's order (SOCIAL_NETWORKS), with their labels. */
export function socialLinksOf(links: Record<string, string>): SocialLink[] {
  return SOCIAL_NETWORK_NAMES.filter((n) => links[n]).map((network) => ({ network, label: SOCIAL_NETWORKS[network].label, url: links[network]! }));
}

/** The address as printed, one line each: "200 Kent Avenue", "Brooklyn, NY 11249", "United States". */
export function addressLines(address: StoreAddress): string[] {
  // British addresses put the postcode after the town and leave the nation out.
  const town = address.country === "GB" ? `${address.city} ${address.postalCode}` : `${address.city}, ${address.region} ${address.postalCode}`;
  const country = isCountry(address.country) ? COUNTRIES[address.country] : address.country;
  return [address.line1, address.line2, town, country].filter((line): line is string => Boolean(line));
}

/** "Kent Street Goods" → "kent-street-goods": the store's name where a download's filename starts. */
export function storeSlug(name: string): string {
  const slug = name.normalize("NFKD").replace(/[\u0300-\u036f]/g, "").toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, "");
  return slug || "store";
}

/** "Kent Street Goods LLC, 12 Wythe Avenue, Brooklyn, NY 11249, United States": the postal address in an email's footer. */
export const postalAddress = (legalName: string, address: StoreAddress) => [legalName, ...addressLines(address)].join(", ");
