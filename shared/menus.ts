/**
 * The storefront's menus as the pages render them (server/menus resolves them from staff data when a page renders):
 * every href is final and every target is live.
 */
export interface MenuLink {
  label: string;
  href: string;
  /** A word beside the link ("NEW"). */
  badge?: string;
}

/** A header item; a collection's carries its subcategories (the dropdown). */
export interface HeaderItem extends MenuLink {
  links: MenuLink[];
}

/** A footer column: a group's heading and its links. */
export interface FooterColumn {
  title: string;
  links: MenuLink[];
}

export interface StoreMenus {
  header: HeaderItem[];
  footer: FooterColumn[];
  legal: MenuLink[];
}

export const MENU_TITLES = { header: "Header", footer: "Footer", legal: "Legal" } as const;

/** A collection's menu label: its name without the possessive ("Men's" is "Men", SPEC §2 Navigation links). */
export const menuLabel = (c: { name: string }) => c.name.replace(/['’]s?$/, "");
