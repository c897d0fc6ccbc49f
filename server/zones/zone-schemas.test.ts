import { describe, expect, it } from "vitest";
import { addressTestSchema, dollarsSchema, regionSchema, zoneFieldsSchema } from "./zone-schemas";

const issues = (r: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) => r.error?.issues.map((i) => `${i.path.join(".")}: ${i.message}`);

describe("regionSchema", () => {
  it("normalizes codes and postal prefixes", () => {
    expect(regionSchema.parse({ country: "us", subdivision: "ca", postalPrefix: "94" })).toEqual({ country: "US", subdivision: "US-CA", postalPrefix: "94" });
    expect(regionSchema.parse({ country: "GB", subdivision: "GB-SCT", postalPrefix: "ab 1" })).toEqual({ country: "GB", subdivision: "GB-SCT", postalPrefix: "AB1" });
    expect(regionSchema.parse({ country: "CA", subdivision: "", postalPrefix: null })).toEqual({ country: "CA", subdivision: null, postalPrefix: null });
  });
  it("refuses other countries, another country's states and bad prefixes", () => {
    expect(issues(regionSchema.safeParse({ country: "FR" }))).toEqual([": We only ship to the United States, Canada and the United Kingdom"].map((m) => `country${m}`));
    expect(issues(regionSchema.safeParse({ country: "US", subdivision: "US-ZZ" }))).toEqual(["subdivision: US-ZZ is not a state or province of United States"]);
    expect(issues(regionSchema.safeParse({ country: "US", subdivision: "CA-ON" }))).toEqual(["subdivision: CA-ON is not a state or province of United States"]);
    expect(issues(regionSchema.safeParse({ country: "GB", postalPrefix: "SW1A-1AA-EXTRA" }))).toEqual(["postalPrefix: must be 1-10 letters or digits, like 94 or SW1A"]);
    expect(issues(regionSchema.safeParse({ country: "US", postalPrefix: "9A" }))).toEqual(["postalPrefix: a US ZIP code prefix is 1-5 digits, like 94"]);
    expect(regionSchema.safeParse({ country: "US", city: "LA" }).success).toBe(false);
  });
});

describe("zoneFieldsSchema", () => {
  it("refuses a region listed twice", () => {
    expect(issues(zoneFieldsSchema.safeParse({ name: "West", regions: [{ country: "US", subdivision: "US-CA" }, { country: "us", subdivision: "CA" }] }))).toEqual(["regions.1: California is listed twice"]);
  });
});

describe("addressTestSchema", () => {
  it("reads the state as a shopper types it and the subtotal in dollars", () => {
    expect(addressTestSchema.parse({ country: "US", state: "california", postalCode: "94103", subtotal: "42.50", weightGrams: 800 })).toEqual({
      to: { country: "US", subdivision: "US-CA", postalCode: "94103" },
      parcel: { subtotalCents: 4250, weightGrams: 800 },
    });
    expect(issues(addressTestSchema.safeParse({ country: "US", state: "Narnia" }))).toEqual(["state: Narnia is not a state or province of United States"]);
  });
});

describe("dollarsSchema", () => {
  it("reads dollars exactly and refuses negatives", () => {
    expect([dollarsSchema.parse("1,042.5"), dollarsSchema.parse(0.29), dollarsSchema.parse("$50")]).toEqual([104250, 29, 5000]);
    expect(dollarsSchema.safeParse("-5").error?.issues[0]?.message).toBe("must not be negative");
  });
});
