import { COUNTRIES, isCountry, normalizePostalCode, subdivisionName } from "../../shared/regions";

/** A country, optionally narrowed to a state or province (ISO 3166-2) and to postal codes starting with a prefix. */
export interface Region {
  country: string;
  subdivision: string | null;
  postalPrefix: string | null;
}

export interface Zone {
  id: number;
  name: string;
  /** None: everywhere. */
  regions: Region[];
}

/** Where an order goes, as zones read it: the subdivision already resolved from what the shopper typed. */
export interface Destination {
  country: string;
  subdivision: string | null;
  postalCode: string;
}

/**
 * How specific a region is: a postal prefix (the longer the more) beats a state, a state beats a country, and a
 * country beats a zone with no regions (everywhere, 0). Two regions tie only when they are the same region.
 */
export function specificity(region: Region): number {
  return 1 + (region.subdivision ? 2 : 0) + (region.postalPrefix ? 1000 + region.postalPrefix.length * 10 : 0);
}

export function regionMatches(region: Region, to: Destination): boolean {
  if (region.country !== to.country) return false;
  if (region.subdivision && region.subdivision !== to.subdivision) return false;
  return !region.postalPrefix || normalizePostalCode(to.postalCode).startsWith(region.postalPrefix);
}

/** "United States", "California", "postcode prefix 94 in California". */
export function describeRegion(region: Region): string {
  const place = region.subdivision ? subdivisionName(region.subdivision) : isCountry(region.country) ? COUNTRIES[region.country] : region.country;
  return region.postalPrefix ? `postcode prefix ${region.postalPrefix} in ${place}` : place;
}

export interface ZoneMatch<Z extends Zone> {
  zone: Z;
  /** The region that matched, or null for a zone that covers everywhere. */
  region: Region | null;
  score: number;
}

/** Every zone that covers the destination, most specific first. */
export function matchingZones<Z extends Zone>(zones: Z[], to: Destination): ZoneMatch<Z>[] {
  const matches: ZoneMatch<Z>[] = [];
  for (const zone of zones) {
    if (zone.regions.length === 0) {
      matches.push({ zone, region: null, score: 0 });
      continue;
    }
    const best = zone.regions.filter((r) => regionMatches(r, to)).sort((a, b) => specificity(b) - specificity(a))[0];
    if (best) matches.push({ zone, region: best, score: specificity(best) });
  }
  return matches.sort((a, b) => b.score - a.score);
}

/** The zone whose rules apply: the one with the most specific matching region. */
export function zoneFor<Z extends Zone>(zones: Z[], to: Destination): ZoneMatch<Z> | null {
  return matchingZones(zones, to)[0] ?? null;
}

const where = (m: ZoneMatch<Zone>) => (m.region ? describeRegion(m.region) : "everywhere");

/** Why a zone won: "zone California (postcode prefix 94 in California) wins over United States, Everywhere". */
export function explainZone<Z extends Zone>(zones: Z[], to: Destination): string {
  const [winner, ...others] = matchingZones(zones, to);
  if (!winner) return "No zone covers this address";
  const beaten = others.map((m) => `${m.zone.name} (${where(m)})`);
  return `Zone ${winner.zone.name} (${where(winner)})${beaten.length ? ` wins over ${beaten.join(", ")}` : " is the only zone that covers it"}`;
}

export interface ZoneAtAddress<Z extends Zone> {
  zone: Z;
  /** Its rules are the ones used for the address. */
  wins: boolean;
  /** "postcode prefix 94 in California", "United States", "everywhere". */
  matchedBy: string;
  /** For a zone that covers the address but loses: "zone Bay Area is more specific for this address: postcode prefix 94 in California wins over California". */
  beaten: string | null;
}

/**
 * Every zone that covers the address, most specific first, with whether it is the one used and, when not, which zone
 * wins over it and why: what the staff's "Test an address" panels (tax and shipping) list, in the same words.
 */
export function zonesAtAddress<Z extends Zone>(zones: Z[], to: Destination): ZoneAtAddress<Z>[] {
  const matches = matchingZones(zones, to);
  const winner = matches[0];
  return matches.map((m) => ({
    zone: m.zone,
    wins: m === winner,
    matchedBy: where(m),
    beaten: m === winner ? null : `zone ${winner!.zone.name} is more specific for this address: ${where(winner!)} wins over ${where(m)}`,
  }));
}

const regionKey = (r: Region) => `${r.country}|${r.subdivision ?? ""}|${r.postalPrefix ?? ""}`;

/**
 * A zone's regions would tie with another zone's for some address: the same region in both, or two zones that both
 * cover everywhere. Returns the message to refuse the save with, or null.
 */
export function findTie(zone: { id?: number; name: string; regions: Region[] }, others: Zone[]): string | null {
  for (const other of others) {
    if (other.id === zone.id) continue;
    if (zone.regions.length === 0 && other.regions.length === 0) return `Zone ${other.name} already covers everywhere; two such zones would tie`;
    const theirs = new Set(other.regions.map(regionKey));
    const same = zone.regions.find((r) => theirs.has(regionKey(r)));
    if (same) return `Zone ${other.name} already has ${describeRegion(same)}; the same region in two zones would tie`;
  }
  return null;
}
