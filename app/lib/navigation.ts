import { collections } from "./taxonomy";

export interface NavLink {
  label: string;
  href: string;
}

export interface NavGroup extends NavLink {
  links: NavLink[];
}

/** Men, Women, Kids with their subcategories (SPEC §2 Navigation links). */
export const navGroups: NavGroup[] = collections
  .filter((c) => c.subcategories.length > 0)
  .map((c) => ({
    label: c.slug.charAt(0).toUpperCase() + c.slug.slice(1),
    href: `/category/${c.slug}`,
    links: c.subcategories.map((s) => ({ label: s.name, href: `/category/${c.slug}/${s.slug}` })),
  }));

export const navLinks: (NavLink & { badge?: string })[] = [
  { label: "Sale", href: "/category/sale" },
  { label: "New", href: "/category/new" },
  { label: "VSOP", href: "/vsop", badge: "NEW" },
  { label: "Blog", href: "/blog" },
  { label: "About", href: "/about" },
];

export const socialLinks = [
  { label: "Instagram", href: "https://www.instagram.com/vsopstore" },
  { label: "Facebook", href: "https://www.facebook.com/vsopstore" },
  { label: "YouTube", href: "https://www.youtube.com/@vsopstore" },
  { label: "TikTok", href: "https://www.tiktok.com/@vsopstore" },
] as const;

export const footerColumns: { title: string; links: NavLink[] }[] = [
  {
    title: "Shop",
    links: [
      { label: "Men", href: "/category/men" },
      { label: "Women", href: "/category/women" },
      { label: "Kids", href: "/category/kids" },
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
