import type { Permission } from "../../shared/staff-permissions";

/** The staff area's sections, grouped as the sidebar shows them (issue 29). */
export interface AdminSection {
  to: string;
  label: string;
  /** What the section's page needs (its loader's requirePermission); the nav leaves out the ones a role lacks. */
  permission: Permission;
}
export interface AdminSectionGroup {
  label: string;
  sections: AdminSection[];
}

export const ADMIN_GROUPS: AdminSectionGroup[] = [
  { label: "Orders", sections: [{ to: "/admin/orders", label: "Orders", permission: "orders.read" }, { to: "/admin/returns", label: "Returns", permission: "orders.read" }] },
  {
    label: "Products",
    sections: [
      { to: "/admin/products", label: "Products & stock", permission: "products.write" },
      { to: "/admin/collections", label: "Collections", permission: "products.write" },
      { to: "/admin/search-terms", label: "Search & synonyms", permission: "products.write" },
      { to: "/admin/products/bulk", label: "Bulk edit", permission: "products.write" },
      { to: "/admin/products/import", label: "Import", permission: "products.write" },
    ],
  },
  {
    label: "Customers",
    sections: [
      { to: "/admin/customers", label: "Customers", permission: "customers.read" },
      { to: "/admin/gift-cards", label: "Gift cards", permission: "giftcards.write" },
      { to: "/admin/reviews", label: "Reviews", permission: "products.write" },
    ],
  },
  {
    label: "Content",
    sections: [
      { to: "/admin/content", label: "Content", permission: "content.write" },
      { to: "/admin/menus", label: "Menus", permission: "content.write" },
      { to: "/admin/home", label: "Home page", permission: "content.write" },
    ],
  },
  {
    label: "Marketing",
    sections: [
      { to: "/admin/discounts", label: "Discounts", permission: "discounts.write" },
      { to: "/admin/recovery", label: "Recovery", permission: "reports.read" },
      { to: "/admin/drops", label: "Drops", permission: "drops.write" },
      { to: "/admin/instagram-shop", label: "Instagram Shop", permission: "settings" },
    ],
  },
  {
    label: "Reports",
    sections: [
      { to: "/admin", label: "Dashboard", permission: "orders.read" },
      { to: "/admin/reports/sales", label: "Sales over time", permission: "reports.read" },
      { to: "/admin/reports/products", label: "Sales by product", permission: "reports.read" },
      { to: "/admin/reports/sell-through", label: "Sell-through", permission: "reports.read" },
      { to: "/admin/reports/returns", label: "Returns and fit", permission: "reports.read" },
      { to: "/admin/reports/funnel", label: "Funnel", permission: "reports.read" },
    ],
  },
  {
    label: "Settings",
    sections: [
      { to: "/admin/settings", label: "Settings", permission: "settings" },
      { to: "/admin/tax", label: "Tax", permission: "settings" },
      { to: "/admin/shipping", label: "Shipping", permission: "settings" },
      { to: "/admin/jobs", label: "Jobs", permission: "settings" },
      { to: "/admin/staff", label: "Staff", permission: "staff.manage" },
      { to: "/admin/audit", label: "Audit log", permission: "staff.manage" },
    ],
  },
];

const ALL = ADMIN_GROUPS.flatMap((group) => group.sections.map((section) => ({ group, section })));

/** The section a staff address belongs to: the longest section address it is or starts with (/admin/products/bulk is Bulk edit). */
export function adminSectionOf(pathname: string): { group: AdminSectionGroup; section: AdminSection } | null {
  const path = pathname.replace(/\/+$/, "") || "/";
  let best: (typeof ALL)[number] | null = null;
  for (const entry of ALL) {
    const to = entry.section.to;
    const inside = path === to || (to !== "/admin" && path.startsWith(`${to}/`));
    if (inside && (!best || to.length > best.section.to.length)) best = entry;
  }
  return best;
}

export interface AdminCrumb {
  label: string;
  href?: string;
}

/**
 * A staff page's trail: Admin › its group › its section › the page itself when it is below the section (an order,
 * a product). The group is left out when it has the section's name (Orders › Orders).
 */
export function adminCrumbs(pathname: string, title: string): AdminCrumb[] {
  const found = adminSectionOf(pathname);
  const crumbs: AdminCrumb[] = [{ label: "Admin", href: "/admin" }];
  if (!found) return [...crumbs, { label: title }];
  const { group, section } = found;
  if (section.to === "/admin") return [...crumbs, { label: group.label }, { label: section.label }];
  if (group.label !== section.label) crumbs.push({ label: group.label });
  const atSection = (pathname.replace(/\/+$/, "") || "/") === section.to;
  crumbs.push(atSection ? { label: section.label } : { label: section.label, href: section.to });
  if (!atSection) crumbs.push({ label: title });
  return crumbs;
}
