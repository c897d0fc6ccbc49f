import type { HeaderItem, MenuLink } from "../../shared/menus";

/** A run of the header's plain links, or one collection with its subcategories (a section of its own). */
export type MenuBlock = { kind: "links"; links: MenuLink[] } | { kind: "group"; group: HeaderItem };

/**
 * The header's items for the phone menu, in the order staff gave them: each collection with subcategories becomes a
 * section, and plain links next to each other share one list. `tail` (the account link) closes the last list.
 */
export function menuBlocks(header: HeaderItem[], tail: MenuLink[] = []): MenuBlock[] {
  const blocks: MenuBlock[] = [];
  for (const item of [...header, ...tail.map((link) => ({ ...link, links: [] }))]) {
    const last = blocks.at(-1);
    const { links, ...link } = item;
    if (links.length > 0) blocks.push({ kind: "group", group: item });
    else if (last?.kind === "links") last.links.push(link);
    else blocks.push({ kind: "links", links: [link] });
  }
  return blocks;
}
