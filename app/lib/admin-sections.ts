/** The staff area's sections, grouped as the sidebar shows them (issue 29). */
export interface AdminSection {
  to: string;
  label: string;
}
export interface AdminSectionGroup {
  label: string;
  sections: AdminSection[];
}

export const ADMIN_GROUPS: AdminSectionGroup[] = [
  { label: "Orders", sections: [{ to: "/admin/orders", label: "Orders" }, { to: "/admin/returns", label: "Returns" }] },
  {
    label: "Products",
    sections: [
      { to: "/admin/products", label: "Products & stock" },
      { to: "/admin/collections", label: "Collections" },
      { to: "/admin/products/bulk", label: "Bulk edit" },
      { to: "/admin/products/import", label: "Import" },
    ],
  },
  { label: "Customers", sections: [{ to: "/admin/customers", label: "Customers" }, { to: "/admin/reviews", label: "Reviews" }] },
  {
    label: "Content",
    sections: [
      { to: "/admin/content", label: "Content" },
      { to: "/admin/menus", label: "Menus" },
      { to: "/admin/home", label: "Home page" },
    ],
  },
  {
    label: "Marketing",
    sections: [
      { to: "/admin/discounts", label: "Discounts" },
      { to: "/admin/campaign", label: "VSOP drop" },
      { to: "/admin/instagram-shop", label: "Instagram Shop" },
    ],
  },
  { label: "Reports", sections: [{ to: "/admin", label: "Dashboard" }] },
  {
    label: "Settings",
    sections: [
      { to: "/admin/settings", label: "Settings" },
      { to: "/admin/tax", label: "Tax" },
      { to: "/admin/shipping", label: "Shipping" },
      { to: "/admin/jobs", label: "Jobs" },
      { to: "/admin/staff", label: "Staff" },
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
