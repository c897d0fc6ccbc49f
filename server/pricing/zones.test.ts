import { describe, expect, it } from "vitest";
import { describeRegion, explainZone, findTie, matchingZones, regionMatches, specificity, zoneFor, type Zone } from "./zones";

const region = (country: string, subdivision: string | null = null, postalPrefix: string | null = null) => ({ country, subdivision, postalPrefix });
const everywhere: Zone = { id: 1, name: "Everywhere", regions: [] };
const us: Zone = { id: 2, name: "United States", regions: [region("US")] };
const california: Zone = { id: 3, name: "California", regions: [region("US", "US-CA")] };
const bayArea: Zone = { id: 4, name: "Bay Area", regions: [region("US", "US-CA", "94")] };
const sf: Zone = { id: 5, name: "San Francisco", regions: [region("US", "US-CA", "941")] };
const zones = [everywhere, us, california, bayArea, sf];
const to = (country: string, subdivision: string | null, postalCode: string) => ({ country, subdivision, postalCode });

describe("specificity", () => {
  it("ranks postal prefix (longer first) over state over country", () => {
    const scores = [region("US"), region("US", "US-CA"), region("US", null, "9"), region("US", "US-CA", "9"), region("US", "US-CA", "94")].map(specificity);
    expect(scores).toEqual([1, 3, 1011, 1013, 1023]);
  });
});

describe("regionMatches", () => {
  it("compares postal codes without spaces and in upper case", () => {
    expect(regionMatches(region("GB", null, "SW1A"), to("GB", null, "sw1a 1aa"))).toBe(true);
    expect(regionMatches(region("GB", null, "SW1A"), to("GB", null, "SW1B 1AA"))).toBe(false);
  });
  it("needs the same country and, when the region names one, the same state", () => {
    expect(regionMatches(region("US", "US-CA"), to("US", "US-NY", "10001"))).toBe(false);
    expect(regionMatches(region("CA"), to("US", null, "94103"))).toBe(false);
  });
});

describe("matchingZones and zoneFor", () => {
  it("puts the most specific match first: a San Francisco address is San Francisco, then Bay Area, California, United States, Everywhere", () => {
    expect(matchingZones(zones, to("US", "US-CA", "94103")).map((m) => m.zone.name)).toEqual(["San Francisco", "Bay Area", "California", "United States", "Everywhere"]);
  });
  it("falls back to the state, the country, then everywhere", () => {
    expect(zoneFor(zones, to("US", "US-CA", "90001"))?.zone.name).toBe("California");
    expect(zoneFor(zones, to("US", "US-NY", "10001"))?.zone.name).toBe("United States");
    expect(zoneFor(zones, to("GB", "GB-ENG", "SW1A 1AA"))?.zone.name).toBe("Everywhere");
  });
  it("a zone uses its best region for the address", () => {
    const mixed: Zone = { id: 9, name: "West", regions: [region("US", "US-OR"), region("US", "US-CA", "94")] };
    expect(matchingZones([california, mixed], to("US", "US-CA", "94103"))[0]).toEqual({ zone: mixed, region: region("US", "US-CA", "94"), score: 1023 });
  });
  it("is null when nothing covers the address", () => {
    expect(zoneFor([us, california], to("CA", "CA-ON", "M5V 2T6"))).toBeNull();
  });
});

describe("explainZone", () => {
  it("names the winner, its region, and the zones it beats", () => {
    expect(explainZone([everywhere, us, california, bayArea], to("US", "US-CA", "94103"))).toBe(
      "Zone Bay Area (postcode prefix 94 in California) wins over California (California), United States (United States), Everywhere (everywhere)",
    );
  });
  it("says when one zone is alone, and when there is none", () => {
    expect(explainZone([everywhere], to("US", null, "1"))).toBe("Zone Everywhere (everywhere) is the only zone that covers it");
    expect(explainZone([us], to("GB", null, "SW1A"))).toBe("No zone covers this address");
  });
});

describe("describeRegion", () => {
  it("reads a region in words", () => {
    expect([region("US"), region("CA", "CA-QC"), region("GB", "GB-SCT", "AB")].map(describeRegion)).toEqual(["United States", "Quebec", "postcode prefix AB in Scotland"]);
  });
});

describe("findTie", () => {
  it("refuses the same region in two zones", () => {
    expect(findTie({ name: "Golden State", regions: [region("US", "US-NV"), region("US", "US-CA")] }, zones)).toBe("Zone California already has California; the same region in two zones would tie");
  });
  it("refuses a second zone for everywhere", () => {
    expect(findTie({ name: "World", regions: [] }, zones)).toBe("Zone Everywhere already covers everywhere; two such zones would tie");
  });
  it("lets a zone keep its own regions, and accepts a more specific region", () => {
    expect(findTie({ id: 3, name: "California", regions: [region("US", "US-CA")] }, zones)).toBeNull();
    expect(findTie({ name: "LA", regions: [region("US", "US-CA", "900")] }, zones)).toBeNull();
  });
});
