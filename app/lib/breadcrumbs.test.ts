import { describe, expect, it } from "vitest";
import type { Collection } from "../../shared/taxonomy";
import { buildBreadcrumbs } from "./breadcrumbs";

const collections: Collection[] = [{ slug: "men", name: "Men's", description: "", hero: "", subcategories: [{ slug: "t-shirts", name: "T-Shirts", description: "" }] }];

describe("buildBreadcrumbs", () => {
  it("is empty when only Home would show", () => {
    expect(buildBreadcrumbs("/")).toEqual([]);
    expect(buildBreadcrumbs("/category")).toEqual([]);
  });

  it("skips the category segment but keeps it in the links", () => {
    expect(buildBreadcrumbs("/category/men/t-shirts", collections)).toEqual([
      { label: "Home", href: "/" },
      { label: "Men", href: "/category/men" },
      { label: "T-Shirts" },
    ]);
  });

  it("uses the spec's names for vsop, instagram-shop and product", () => {
    expect(buildBreadcrumbs("/vsop")).toEqual([{ label: "Home", href: "/" }, { label: "VSOP Collection" }]);
    expect(buildBreadcrumbs("/admin/instagram-shop").map((c) => c.label)).toEqual(["Home", "Admin", "Instagram Shop"]);
    expect(buildBreadcrumbs("/product/2").map((c) => c.label)).toEqual(["Home", "Product", "2"]);
  });

  it("never links a prefix that has no screen", () => {
    expect(buildBreadcrumbs("/product/2")[1]).toEqual({ label: "Product" });
    expect(buildBreadcrumbs("/orders/lookup")).toEqual([{ label: "Home", href: "/" }, { label: "Orders" }, { label: "Track an order" }]);
    expect(buildBreadcrumbs("/admin/instagram-shop")[1]).toEqual({ label: "Admin", href: "/admin" });
  });

  it("never links back to the page it is on: the staff area sends the two-step page's visitor to it", () => {
    expect(buildBreadcrumbs("/admin/two-step")).toEqual([{ label: "Home", href: "/" }, { label: "Admin" }, { label: "Two Step" }]);
  });

  it("capitalises other segments and survives bad escapes", () => {
    expect(buildBreadcrumbs("/size-guide")[1]).toEqual({ label: "Size Guide" });
    expect(buildBreadcrumbs("/%E0%A4%A")[1]!.label).toBe("%E0%A4%A");
  });

  it("names collections and subcategories as staff named them", () => {
    const renamed = [{ ...collections[0]!, name: "Menswear", subcategories: [{ slug: "t-shirts", name: "Tees", description: "" }] }];
    expect(buildBreadcrumbs("/category/men/t-shirts", renamed).map((c) => c.label)).toEqual(["Home", "Menswear", "Tees"]);
  });
});
