import type { MenuHandle } from "../db/schema";
import type { MenuLink, StoreMenus } from "../../shared/menus";
import { isLiveNode, type MenuNode } from "./load-menus";

const link = (node: MenuNode): MenuLink => ({ label: node.label, href: node.href!, ...(node.badge ? { badge: node.badge } : {}) });

/**
 * The menus shoppers see at `now`: items whose target is not live (a draft, future or archived entry, a product not
 * for sale) are left out, and so is a footer column with no link left.
 */
export function resolveStoreMenus(nodes: readonly MenuNode[], now: Date): StoreMenus {
  const shown = (menu: MenuHandle, parentId: number | null = null) => nodes.filter((n) => n.menu === menu && n.parentId === parentId && n.kind !== "group" && n.href && isLiveNode(n, now));
  return {
    header: shown("header").map((n) => ({ ...link(n), links: n.links })),
    footer: nodes
      .filter((n) => n.menu === "footer" && n.parentId === null && n.kind === "group")
      .map((group) => ({ title: group.label, links: shown("footer", group.id).map(link) }))
      .filter((column) => column.links.length > 0),
    legal: shown("legal").map(link),
  };
}

/** A menu item as staff see it: where it points, the address it has now and whether shoppers see it. */
export interface StaffMenuItem {
  id: number;
  label: string;
  kind: MenuNode["kind"];
  targetId: number | null;
  url: string | null;
  badge: string | null;
  href: string | null;
  targetTitle: string | null;
  live: boolean;
  children: StaffMenuItem[];
}

/** One menu's tree, in order. */
export function staffMenuTree(nodes: readonly MenuNode[], menu: MenuHandle, now: Date): StaffMenuItem[] {
  const level = (parentId: number | null): StaffMenuItem[] =>
    nodes
      .filter((n) => n.menu === menu && n.parentId === parentId)
      .map((n) => ({
        id: n.id,
        label: n.label,
        kind: n.kind,
        targetId: n.targetId,
        url: n.url,
        badge: n.badge,
        href: n.href,
        targetTitle: n.targetTitle,
        live: isLiveNode(n, now),
        children: n.kind === "group" ? level(n.id) : [],
      }));
  return level(null);
}
