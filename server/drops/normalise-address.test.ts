import { describe, expect, it } from "vitest";
import { normaliseAddress, normalisePostalCode } from "./normalise-address";

const base = { line1: "12 North Main Street", line2: "Apartment 4", city: "Springfield", region: "IL", postalCode: "62701", country: "US" };

describe("normaliseAddress", () => {
  it("gives one key for one place written several ways", () => {
    const key = normaliseAddress(base);
    expect(key).toBe("12 n main st apt 4|springfield|il|62701|US");
    for (const written of [
      { ...base, line1: "12 N. Main St.", line2: "Apt. 4" },
      { ...base, line1: "12  north   MAIN street", line2: "#4" },
      { ...base, line1: "12 N Main St, Unit 4", line2: "" },
      { ...base, line1: "12 N Main St #4", line2: null },
      { ...base, city: " SPRINGFIELD ", region: "il", postalCode: "627 01", country: "us" },
    ]) {
      expect(normaliseAddress(written)).toBe(key);
    }
  });

  it("shortens the common words and compass points", () => {
    expect(normaliseAddress({ ...base, line1: "1 West Avenue Road", line2: "Suite 5" })).toBe("1 w ave rd ste 5|springfield|il|62701|US");
    expect(normaliseAddress({ ...base, line1: "9 South-East Boulevard", line2: null })).toBe("9 s e blvd|springfield|il|62701|US");
  });

  it("keeps different places apart", () => {
    const key = normaliseAddress(base);
    expect(normaliseAddress({ ...base, line2: "Apt 5" })).not.toBe(key);
    expect(normaliseAddress({ ...base, line1: "14 North Main Street" })).not.toBe(key);
    expect(normaliseAddress({ ...base, postalCode: "62702" })).not.toBe(key);
    expect(normaliseAddress({ ...base, country: "CA" })).not.toBe(key);
    expect(normaliseAddress({ ...base, line1: "12 South Main Street" })).not.toBe(key);
  });

  it("ignores accents and letter case", () => {
    expect(normaliseAddress({ ...base, line1: "3 Rue Étienne", line2: null, city: "Montréal", region: "QC", postalCode: "h2x 1y4", country: "CA" })).toBe("3 rue etienne|montreal|qc|H2X1Y4|CA");
  });
});

describe("normalisePostalCode", () => {
  it("upper-cases and drops spaces and dashes", () => {
    expect(normalisePostalCode("sw1a 1aa")).toBe("SW1A1AA");
    expect(normalisePostalCode("SW1A-1AA")).toBe("SW1A1AA");
    expect(normalisePostalCode("62701")).toBe("62701");
  });
});
