import { describe, expect, it } from "vitest";
import { deliveryWindow, freeShippingNote } from "../../shared/shipping-copy";
import type { PricingRules, ShippingZone } from "./pricing-rules";
import { shippingPromise } from "./shipping-promise";
import type { ShippingRate } from "./shipping-rates";
import { shippingRate } from "../test/shipping-rate";

let nextId = 1;
const rate = shippingRate;
const standardFree = rate({ kind: "free" });
const flat599 = rate({ kind: "flat", amountCents: 599 });
const freeOver = (cents: number) => rate({ kind: "free_over", minSubtotalCents: cents });
const underFifty = rate({ kind: "price_band", amountCents: 599, maxSubtotalCents: 5000 });

const zone = (name: string, rates: ShippingRate[], regions: ShippingZone["regions"] = []): ShippingZone => ({ id: nextId++, name, regions, rates });
const rulesWith = (shippingZones: ShippingZone[]): PricingRules => ({
  pricesIncludeTax: false,
  taxOnShipping: false,
  taxProvider: "manual",
  categories: [],
  taxZones: [],
  shippingZones,
});
const us = [{ country: "US", subdivision: null, postalPrefix: null }];
const gb = [{ country: "GB", subdivision: null, postalPrefix: null }];

/** What the product page's service notes say about shipping: the free-shipping line and the delivery window. */
function productPageNote(rules: PricingRules) {
  const promise = shippingPromise(rules);
  return { free: freeShippingNote(promise.freeFromCents), delivery: deliveryWindow(promise) };
}

describe("the product page's shipping note, read from the staff's rules", () => {
  it("day one (a free rate everywhere): free shipping on every order, 3-5 business days", () => {
    expect(shippingPromise(rulesWith([zone("Everywhere", [standardFree])]))).toEqual({ freeFromCents: 0, minDays: 3, maxDays: 5, preorderFree: false });
    expect(productPageNote(rulesWith([zone("Everywhere", [standardFree])]))).toEqual({ free: "Free shipping on every order", delivery: "3-5 business days" });
  });

  it("$5.99 under $50 and free from $50: free shipping on orders over $50", () => {
    expect(productPageNote(rulesWith([zone("Everywhere", [underFifty, freeOver(5000)])]))).toEqual({ free: "Free shipping on orders over $50", delivery: "3-5 business days" });
    expect(freeShippingNote(shippingPromise(rulesWith([zone("Everywhere", [freeOver(4950)])])).freeFromCents)).toBe("Free shipping on orders over $49.50");
  });

  it("a flat $5.99 only: no claim of free shipping", () => {
    expect(shippingPromise(rulesWith([zone("Everywhere", [flat599])])).freeFromCents).toBeNull();
    expect(productPageNote(rulesWith([zone("Everywhere", [flat599])])).free).toBeNull();
  });

  it("rates that are off, or free only for some weights, promise nothing", () => {
    expect(productPageNote(rulesWith([zone("Everywhere", [flat599, { ...standardFree, active: false }])])).free).toBeNull();
    const lightFree = rate({ kind: "weight_band", amountCents: 0, maxWeightGrams: 1000 });
    expect(productPageNote(rulesWith([zone("Everywhere", [flat599, lightFree])])).free).toBeNull();
  });

  it("a flat rate of $0 counts as free", () => {
    expect(productPageNote(rulesWith([zone("Everywhere", [rate({ kind: "flat", amountCents: 0 })])])).free).toBe("Free shipping on every order");
  });

  it("no active rate anywhere: nothing about free shipping or delivery days", () => {
    expect(shippingPromise(rulesWith([zone("Everywhere", [{ ...flat599, active: false }])]))).toEqual({ freeFromCents: null, minDays: null, maxDays: null, preorderFree: false });
    expect(productPageNote(rulesWith([]))).toEqual({ free: null, delivery: null });
  });
});

describe("several zones: the promise holds for every address, never more", () => {
  it("free-over thresholds that differ: the highest, which is free in every zone", () => {
    const rules = rulesWith([zone("United States", [underFifty, freeOver(5000)], us), zone("United Kingdom", [flat599, freeOver(10000)], gb), zone("Everywhere", [freeOver(7500)])]);
    expect(productPageNote(rules).free).toBe("Free shipping on orders over $100");
  });

  it("free on every order in one zone and free over $50 in another: over $50, not every order", () => {
    expect(productPageNote(rulesWith([zone("United States", [standardFree], us), zone("Everywhere", [flat599, freeOver(5000)])])).free).toBe("Free shipping on orders over $50");
  });

  it("one zone that never ships free: no claim, however free the others are", () => {
    const rules = rulesWith([zone("United States", [standardFree], us), zone("United Kingdom", [flat599], gb), zone("Everywhere", [freeOver(5000)])]);
    expect(productPageNote(rules).free).toBeNull();
  });

  it("a zone with no active rate ships nothing, so it takes nothing from the promise; delivery days span the active rates", () => {
    const express = rate({ kind: "flat", amountCents: 2500, minDays: 1, maxDays: 2 });
    const freight = rate({ kind: "flat", amountCents: 1500, minDays: 5, maxDays: 9, active: false });
    const rules = rulesWith([zone("United Kingdom", [freight], gb), zone("Everywhere", [freeOver(5000), express])]);
    expect(productPageNote(rules)).toEqual({ free: "Free shipping on orders over $50", delivery: "1-5 business days" });
  });
});

it("says pre-orders ship free exactly when the product's drop says so, and not for no product in particular", () => {
  expect(shippingPromise(rulesWith([zone("Everywhere", [flat599])]), { dropShipsFree: true })).toMatchObject({ freeFromCents: null, preorderFree: true });
  expect(shippingPromise(rulesWith([zone("Everywhere", [flat599])]), { dropShipsFree: false }).preorderFree).toBe(false);
  expect(shippingPromise(rulesWith([zone("Everywhere", [flat599])])).preorderFree).toBe(false);
});
