import { type Destination, explainZone, zonesAtAddress } from "../pricing/zones";
import type { PricingRules } from "../pricing/pricing-rules";
import { judgeRate, offeredRates, type Parcel } from "../pricing/shipping-rates";
import { describeDestination } from "../zones/describe-destination";

/**
 * "Test an address" for shipping (issue 27 item 4): which zone wins and why, and every rate of every zone that
 * covers the address, each with whether the shopper would be offered it, its price and the reason.
 */
export function testShippingAddress(rules: PricingRules, to: Destination, parcel: Parcel) {
  const matches = zonesAtAddress(rules.shippingZones, to);
  const winner = matches[0]?.zone ?? null;
  const offered = winner ? offeredRates(winner.rates, parcel) : [];
  return {
    address: describeDestination(to),
    zone: winner?.name ?? null,
    why: explainZone(rules.shippingZones, to),
    zones: matches.map(({ zone, wins, matchedBy, beaten }) => ({
      id: zone.id,
      name: zone.name,
      wins,
      matchedBy,
      rates: zone.rates.map((rate) => {
        const verdict = judgeRate(rate, parcel);
        return {
          id: rate.id,
          name: rate.name,
          kind: rate.kind,
          minDays: rate.minDays,
          maxDays: rate.maxDays,
          applies: wins && verdict.applies,
          priceCents: verdict.amountCents,
          reason: beaten ? `Not offered: ${beaten}` : verdict.reason,
        };
      }),
    })),
    /** What checkout would offer, cheapest first: the first is chosen unless the shopper picks another. */
    offered: offered.map((r) => ({ id: r.id, name: r.name, priceCents: r.priceCents, minDays: r.minDays, maxDays: r.maxDays })),
    message: !winner ? "No shipping zone covers this address: checkout can't ship there" : offered.length === 0 ? `No rate of zone ${winner.name} applies: checkout can't ship this order there` : null,
  };
}
