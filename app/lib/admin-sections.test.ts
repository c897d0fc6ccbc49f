import { describe, expect, it } from "vitest";
import { ADMIN_GROUPS, adminCrumbs, adminSectionOf } from "./admin-sections";

describe("the staff sections", () => {
  it("are grouped as the issue asks, each address once", () => {
    expect(ADMIN_GROUPS.map((g) => g.label)).toEqual(["Orders", "Products", "Customers", "Content", "Marketing", "Reports", "Settings"]);
    const addresses = ADMIN_GROUPS.flatMap((g) => g.sections.map((s) => s.to));
    expect(new Set(addresses).size).toBe(addresses.length);
  });

  it.each([
    ["/admin", "Dashboard"],
    ["/admin/orders/VS-100100", "Orders"],
    ["/admin/products", "Products & stock"],
    ["/admin/products/12", "Products & stock"],
    ["/admin/products/bulk", "Bulk edit"],
    ["/admin/products/import/", "Import"],
    ["/admin/content/new", "Content"],
    ["/admin/customers/a%40b.co", "Customers"],
  ])("%s belongs to %s", (path, label) => expect(adminSectionOf(path)?.section.label).toBe(label));

  it("is no section for an address outside them", () => {
    expect(adminSectionOf("/admin/nowhere")).toBeNull();
    expect(adminSectionOf("/administrator")).toBeNull();
  });

  it("makes the trail: the group unless it is the section's name, the section linked below it", () => {
    expect(adminCrumbs("/admin/orders", "Orders")).toEqual([{ label: "Admin", href: "/admin" }, { label: "Orders" }]);
    expect(adminCrumbs("/admin/orders/VS-1", "VS-1")).toEqual([{ label: "Admin", href: "/admin" }, { label: "Orders", href: "/admin/orders" }, { label: "VS-1" }]);
    expect(adminCrumbs("/admin/returns", "Returns")).toEqual([{ label: "Admin", href: "/admin" }, { label: "Orders" }, { label: "Returns" }]);
    expect(adminCrumbs("/admin/products/5", "Tee")).toEqual([{ label: "Admin", href: "/admin" }, { label: "Products" }, { label: "Products & stock", href: "/admin/products" }, { label: "Tee" }]);
    expect(adminCrumbs("/admin", "Dashboard")).toEqual([{ label: "Admin", href: "/admin" }, { label: "Reports" }, { label: "Dashboard" }]);
  });
});
