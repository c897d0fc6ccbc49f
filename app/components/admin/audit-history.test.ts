import { describe, expect, it } from "vitest";
import { describeChange } from "./audit-history";

describe("describeChange", () => {
  it("lists only the fields that changed, with readable names", () => {
    expect(describeChange({ sku: "VS-2-BLACK-S", onHand: 10 }, { sku: "VS-2-BLACK-S", onHand: 3 })).toEqual(["On hand: 10 → 3"]);
    expect(describeChange({ freeShipping: true, shipsAt: "a" }, { freeShipping: false, shipsAt: "a" })).toEqual(["Free shipping: true → false"]);
  });

  it("shows fields added or removed, and says nothing for an event without values", () => {
    expect(describeChange(null, { title: "Tee" })).toEqual(["title: — → Tee"]);
    expect(describeChange({ tags: ["a"] }, null)).toEqual(['tags: ["a"] → —']);
    expect(describeChange(null, null)).toEqual([]);
  });
});
