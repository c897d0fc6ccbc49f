import { describe, expect, it } from "vitest";
import { acceptTypedQuantity, clampQuantity } from "./quantity";

describe("clampQuantity", () => {
  it.each([
    [0, 1],
    [-4, 1],
    [1, 1],
    [42, 42],
    [99, 99],
    [100, 99],
    [7.9, 7],
    [Number.NaN, 1],
  ])("%d → %d", (value, expected) => expect(clampQuantity(value)).toBe(expected));

  it("respects a lower ceiling such as what is left in stock", () => {
    expect(clampQuantity(10, 3)).toBe(3);
    expect(clampQuantity(10, 0)).toBe(1);
  });
});

describe("acceptTypedQuantity", () => {
  it.each([
    ["", ""],
    ["1", 1],
    ["99", 99],
    ["0", null],
    ["100", null],
    ["-1", null],
    ["2.5", null],
    ["abc", null],
    ["07", 7],
  ])("%j → %j", (text, expected) => expect(acceptTypedQuantity(text)).toBe(expected));
});
