import { describe, expect, it } from "vitest";
import { freeShippingFrom, judgeRate, offeredRates } from "./shipping-rates";
import { shippingRate } from "../test/shipping-rate";

const rate = shippingRate;
const underFifty = rate({ id: 1, kind: "price_band", amountCents: 599, maxSubtotalCents: 5000 });
const freeOverFifty = rate({ id: 2, kind: "free_over", minSubtotalCents: 5000 });
const express = rate({ id: 3, kind: "flat", amountCents: 1500, minDays: 1, maxDays: 2 });
const heavy = rate({ id: 4, kind: "weight_band", amountCents: 2500, minWeightGrams: 2000, maxWeightGrams: 10_000 });
const parcel = (subtotalCents: number, weightGrams = 500) => ({ subtotalCents, weightGrams });

describe("judgeRate", () => {
  it("a price band applies from its minimum up to, not including, its maximum", () => {
    expect(judgeRate(underFifty, parcel(4200))).toEqual({ applies: true, amountCents: 599, reason: "Subtotal $42.00 is under $50.00" });
    expect(judgeRate(underFifty, parcel(5000))).toEqual({ applies: false, amountCents: 599, reason: "Subtotal $50.00 is not under the $50.00 limit" });
  });
  it("free over a minimum says how far under the order is", () => {
    expect(judgeRate(freeOverFifty, parcel(4200))).toEqual({ applies: false, amountCents: 0, reason: "Subtotal $42.00 is under the $50.00 minimum" });
    expect(judgeRate(freeOverFifty, parcel(5000))).toEqual({ applies: true, amountCents: 0, reason: "Subtotal $50.00 is at least $50.00" });
  });
  it("a weight band reads grams and kilograms", () => {
    expect(judgeRate(heavy, parcel(1000, 500)).reason).toBe("Weight 500 g is under the 2 kg minimum");
    expect(judgeRate(heavy, parcel(1000, 2500))).toEqual({ applies: true, amountCents: 2500, reason: "Weight 2.5 kg is from 2 kg up to 10 kg" });
    expect(judgeRate(heavy, parcel(1000, 10_000)).applies).toBe(false);
  });
  it("flat and free rates apply to every order; a turned-off rate to none", () => {
    expect(judgeRate(express, parcel(1))).toEqual({ applies: true, amountCents: 1500, reason: "Flat rate of $15.00 on every order" });
    expect(judgeRate(rate({ id: 5, kind: "free" }), parcel(1))).toEqual({ applies: true, amountCents: 0, reason: "Free on every order" });
    expect(judgeRate({ ...express, active: false }, parcel(1))).toEqual({ applies: false, amountCents: 1500, reason: "The rate is turned off" });
  });
});

describe("offeredRates", () => {
  it("offers what applies, cheapest first, then fastest", () => {
    const rates = [express, underFifty, freeOverFifty, heavy];
    expect(offeredRates(rates, parcel(4200)).map((r) => [r.id, r.priceCents])).toEqual([
      [1, 599],
      [3, 1500],
    ]);
    expect(offeredRates(rates, parcel(6000, 3000)).map((r) => [r.id, r.priceCents])).toEqual([
      [2, 0],
      [3, 1500],
      [4, 2500],
    ]);
  });
  it("breaks a price tie by delivery time", () => {
    const slow = rate({ id: 7, kind: "flat", amountCents: 500, maxDays: 9 });
    const fast = rate({ id: 8, kind: "flat", amountCents: 500, maxDays: 2 });
    expect(offeredRates([slow, fast], parcel(100)).map((r) => r.id)).toEqual([8, 7]);
  });
});

describe("freeShippingFrom", () => {
  it("is the lowest free-over minimum, 0 when a rate is always free, null when nothing ships free", () => {
    expect(freeShippingFrom([underFifty, freeOverFifty])).toBe(5000);
    expect(freeShippingFrom([freeOverFifty, rate({ id: 6, kind: "free" })])).toBe(0);
    expect(freeShippingFrom([underFifty, express])).toBeNull();
    expect(freeShippingFrom([{ ...freeOverFifty, active: false }])).toBeNull();
  });
});
