import { describe, expect, it } from "vitest";
import { garments } from "./garments";
import { productImageUrls } from "./image-url";
import { renderGarmentSvg } from "./render-image";

describe("renderGarmentSvg", () => {
  it.each(Object.keys(garments))("draws a %s front and back in the requested colour", (garment) => {
    for (const view of ["front", "back"] as const) {
      const svg = renderGarmentSvg({ garment, color: "red", view });
      expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
      expect(svg).toContain('fill="#c23b2e"');
      expect(svg).not.toContain("undefined");
    }
    expect(renderGarmentSvg({ garment, color: "red", view: "front" })).not.toBe(renderGarmentSvg({ garment, color: "red", view: "back" }));
  });

  it("draws multicolour fabric as stripes", () => {
    expect(renderGarmentSvg({ garment: "tshirt", color: "multicolor", view: "front" })).toContain('fill="url(#fabric)"');
  });
});

describe("productImageUrls", () => {
  it("puts the first colour's two views first, then the other colours", () => {
    expect(productImageUrls("tshirt", ["Black", "Light Blue"])).toEqual([
      "/images/v1/tshirt/black-front.svg",
      "/images/v1/tshirt/black-back.svg",
      "/images/v1/tshirt/light-blue-front.svg",
      "/images/v1/tshirt/light-blue-back.svg",
    ]);
  });
});
