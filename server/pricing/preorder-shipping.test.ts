import { describe, expect, it } from "vitest";
import { preorderShipsFree, shippingOptions } from "./preorder-shipping";
import type { ShippingRate } from "./shipping-rates";
import { shippingRate } from "../test/shipping-rate";

const rate = shippingRate;
const standard = rate({ id: 1, name: "Standard", kind: "flat", amountCents: 599 });
const express = rate({ id: 2, name: "Express", kind: "flat", amountCents: 2500, minDays: 1, maxDays: 2 });
const heavyOnly = rate({ id: 3, name: "Freight", kind: "weight_band", amountCents: 1500, minWeightGrams: 3000 });
const parcel = { subtotalCents: 4000, weightGrams: 500 };
/** A pre-order piece of a drop that ships its pre-orders free; anything else (in stock, or its drop's flag off). */
const freePreorder = { freePreorderShipping: true };
const paying = { freePreorderShipping: false };
const offered = (rates: ShippingRate[], lines: { freePreorderShipping: boolean }[]) => shippingOptions(rates, parcel, lines).map((o) => `${o.id} ${o.name} ${o.priceCents}`);

describe("preorderShipsFree", () => {
  it("only an order whose every line is a pre-order of a drop shipping free", () => {
    expect(preorderShipsFree([freePreorder, freePreorder])).toBe(true);
    expect(preorderShipsFree([freePreorder, paying])).toBe(false);
    expect(preorderShipsFree([])).toBe(false);
    expect(preorderShipsFree([paying])).toBe(false);
  });
});

describe("shippingOptions", () => {
  it("makes the cheapest offered rate free and names it; faster rates keep their price", () => {
    expect(offered([express, standard], [freePreorder])).toEqual(["1 Free pre-order shipping 0", "2 Express 2500"]);
  });

  it("a mixed cart, or a drop whose flag is off: the zone's rates as they are", () => {
    expect(offered([express, standard], [freePreorder, paying])).toEqual(["1 Standard 599", "2 Express 2500"]);
    expect(offered([express, standard], [paying])).toEqual(["1 Standard 599", "2 Express 2500"]);
  });

  it("never makes a parcel shippable that the zone's rates can't carry, and leaves a rate that is already free alone", () => {
    expect(offered([heavyOnly], [freePreorder])).toEqual([]);
    expect(offered([rate({ id: 4, name: "Standard shipping", kind: "free" }), express], [freePreorder])).toEqual(["4 Standard shipping 0", "2 Express 2500"]);
  });
});
