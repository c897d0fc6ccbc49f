import { describe, expect, it } from "vitest";
import { fieldErrors } from "./field-errors";

describe("fieldErrors", () => {
  it("puts each field's error under its path and keeps the rest for the form", () => {
    expect(fieldErrors("Invalid zone: regions.0.subdivision: US-ZZ is not a state or province of United States; name: must not be empty")).toEqual({
      fields: { "regions.0.subdivision": "US-ZZ is not a state or province of United States", name: "must not be empty" },
      form: null,
    });
    expect(fieldErrors("Invalid shipping rate: the band's minimum ($50.00) must be under its maximum ($50.00)")).toEqual({ fields: {}, form: "the band's minimum ($50.00) must be under its maximum ($50.00)" });
    expect(fieldErrors("Invalid tax rate: Unknown field: rateBps")).toEqual({ fields: {}, form: "Unknown field: rateBps" });
  });
  it("leaves other messages whole", () => {
    expect(fieldErrors("Zone California already has California; the same region in two zones would tie")).toEqual({ fields: {}, form: "Zone California already has California; the same region in two zones would tie" });
  });
});
