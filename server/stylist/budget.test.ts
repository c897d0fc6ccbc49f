import { describe, expect, it } from "vitest";
import { describeBudget, parseBudget } from "./budget";

describe("parseBudget", () => {
  it.each([
    ["$150", null, 15000],
    ["150", null, 15000],
    ["under 200", null, 20000],
    ["Under $100", null, 10000],
    ["less than 75 dollars", null, 7500],
    ["up to $99.99", null, 9999],
    ["max 60", null, 6000],
    ["100-250", 10000, 25000],
    ["$100 - $250", 10000, 25000],
    ["between 50 and 80", 5000, 8000],
    ["250 to 100", 10000, 25000],
    ["over 100", 10000, null],
    ["100+", 10000, null],
    ["at least $40", 4000, null],
    ["around 120", null, 12000],
    ["1k", null, 100000],
    ["$1,200", null, 120000],
    ["cheap", null, 5000],
    ["", null, null],
    ["no limit", null, null],
  ])("%j → %s-%s cents", (text, min, max) => {
    expect(parseBudget(text)).toEqual({ minCents: min, maxCents: max, understood: true });
  });

  it("admits text it cannot read", () => {
    expect(parseBudget("a fair amount")).toEqual({ minCents: null, maxCents: null, understood: false });
  });

  it("describes a budget for the reasoning", () => {
    expect(describeBudget(parseBudget("under 100"))).toBe("up to $100");
    expect(describeBudget(parseBudget("100-250"))).toBe("$100-$250");
    expect(describeBudget(parseBudget(""))).toBe("any budget");
  });
});
