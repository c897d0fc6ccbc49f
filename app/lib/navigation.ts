import { type Collection, VSOP_CATEGORY } from "../../shared/taxonomy";

export interface NavLink {
  label: string;
  href: string;
}

export interface NavGroup extends NavLink {
  links: NavLink[];
}

/** A collection's menu label: its name without the possessive ("Men's" is "Men", SPEC §2 Navigation links). */
export const menuLabel = (c: Pick<Collection, "name">) => c.name.replace(/['’]s?$/, "");

/** The collections (VSOP has its own link) with their subcategories, in the order staff gave them. */
export function navGroups(collections: readonly Collection[]): NavGroup[] {
  return collections
    .filter((c) => c.slug !== VSOP_CATEGORY)
    .map((c) => ({
      label: menuLabel(c),
      href: `/category/${c.slug}`,
      links: c.subcategories.map((s) => ({ label: s.name, href: `/category/${c.slug}/${s.slug}` })),
    }));
}

export const navLinks: (NavLink & { badge?: string })[] = [
  { label: "Sale", href: "/category/sale" },
  { label: "New", href: "/category/new" },
  { label: "VSOP", href: "/vsop", badge: "NEW" },
  { label: "Blog", href: "/blog" },
  { label: "About", href: "/about" },
];

/** The footer's columns: Shop lists the collections as the menus do. */
export const footerColumns = (collections: readonly Collection[]): { title: string; links: NavLink[] }[] => [
  {
    title: "Shop",
    links: [
      ...navGroups(collections).map(({ label, href }) => ({ label, href })),
      { label: "Sale", href: "/category/sale" },
      { label: "New Arrivals", href: "/category/new" },
      { label: "VSOP Collection", href: "/vsop" },
      { label: "All Products", href: "/products" },
    ],
  },
  {
    title: "Customer Service",
    links: [
      { label: "Contact Us", href: "/contact" },
      { label: "Track an Order", href: "/orders/lookup" },
      { label: "Shipping", href: "/shipping" },
      { label: "Returns", href: "/returns" },
      { label: "Size Guide", href: "/size-guide" },
      { label: "FAQ", href: "/faq" },
    ],
  },
  {
    title: "About",
    links: [
      { label: "Our Story", href: "/about" },
      { label: "Blog", href: "/blog" },
      { label: "Sustainability", href: "/sustainability" },
      { label: "Stores", href: "/stores" },
      { label: "Careers", href: "/careers" },
    ],
  },
];

export const legalLinks: NavLink[] = [
  { label: "Privacy", href: "/privacy" },
  { label: "Terms", href: "/terms" },
  { label: "Accessibility", href: "/accessibility" },
];
