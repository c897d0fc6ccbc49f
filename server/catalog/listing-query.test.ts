import { describe, expect, it } from "vitest";
import { listingQuerySchema, parseListingQueryLenient, searchParamsToObject } from "./listing-query";

const parse = (query: string) => listingQuerySchema.safeParse(searchParamsToObject(new URLSearchParams(query)));

describe("listingQuerySchema", () => {
  it("turns dollars into cents and names into the catalogue's spelling", () => {
    expect(parse("minPrice=10&maxPrice=49.99&colors=black,%20NAVY,black&sizes=m,one%20size&sort=rating&page=2&limit=12").data).toEqual({
      minPrice: 1000,
      maxPrice: 4999,
      colors: ["Black", "Navy"],
      sizes: ["M", "One Size"],
      sort: "rating",
      page: 2,
      limit: 12,
    });
  });

  it("reads repeated keys as one list", () => {
    expect(parse("colors=red&colors=blue").data?.colors).toEqual(["Red", "Blue"]);
  });

  it.each(["minPrice=1.999", "minPrice=", "page=1.5", "limit=0", "sort=", "colors=" + Array.from({ length: 21 }, (_, i) => `c${i}`).join(","), "q=shirt"])("refuses %s", (query) => {
    expect(parse(query).success).toBe(false);
  });
});

describe("parseListingQueryLenient", () => {
  it("keeps what parses and drops the rest", () => {
    expect(parseListingQueryLenient(new URLSearchParams("sort=price-low&page=abc&colors=red&utm_source=x"))).toEqual({ sort: "price-low", colors: ["Red"] });
  });

  it("drops a minimum above the maximum", () => {
    expect(parseListingQueryLenient(new URLSearchParams("minPrice=90&maxPrice=20"))).toEqual({ maxPrice: 2000 });
  });
});
