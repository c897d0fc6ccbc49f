import { describe, expect, it } from "vitest";
import { preorderShipsFree, shippingOptions } from "./preorder-shipping";
import type { ShippingRate } from "./shipping-rates";
import { shippingRate } from "../test/shipping-rate";

const rate = shippingRate;
const standard = rate({ id: 1, name: "Standard", kind: "flat", amountCents: 599 });
const express = rate({ id: 2, name: "Express", kind: "flat", amountCents: 2500, minDays: 1, maxDays: 2 });
const heavyOnly = rate({ id: 3, name: "Freight", kind: "weight_band", amountCents: 1500, minWeightGrams: 3000 });
const parcel = { subtotalCents: 4000, weightGrams: 500 };
const on = { preorderFreeShipping: true };
const off = { preorderFreeShipping: false };
const preorder = { preorder: true };
const inStock = { preorder: false };
const offered = (rules: typeof on, rates: ShippingRate[], lines: { preorder: boolean }[]) => shippingOptions(rules, rates, parcel, lines).map((o) => `${o.id} ${o.name} ${o.priceCents}`);

describe("preorderShipsFree", () => {
  it("only an order of pre-orders alone, only while the campaign's flag is on", () => {
    expect(preorderShipsFree(on, [preorder, preorder])).toBe(true);
    expect(preorderShipsFree(on, [preorder, inStock])).toBe(false);
    expect(preorderShipsFree(on, [])).toBe(false);
    expect(preorderShipsFree(off, [preorder])).toBe(false);
  });
});

describe("shippingOptions", () => {
  it("makes the cheapest offered rate free and names it; faster rates keep their price", () => {
    expect(offered(on, [express, standard], [preorder])).toEqual(["1 Free pre-order shipping 0", "2 Express 2500"]);
  });

  it("a mixed cart, or the flag off: the zone's rates as they are", () => {
    expect(offered(on, [express, standard], [preorder, inStock])).toEqual(["1 Standard 599", "2 Express 2500"]);
    expect(offered(off, [express, standard], [preorder])).toEqual(["1 Standard 599", "2 Express 2500"]);
  });

  it("never makes a parcel shippable that the zone's rates can't carry, and leaves a rate that is already free alone", () => {
    expect(offered(on, [heavyOnly], [preorder])).toEqual([]);
    expect(offered(on, [rate({ id: 4, name: "Standard shipping", kind: "free" }), express], [preorder])).toEqual(["4 Standard shipping 0", "2 Express 2500"]);
  });
});
