import { menuLabel } from "../../shared/menus";
import type { Collection } from "../../shared/taxonomy";

export { menuLabel };

/** The collections (a drop's has its drop's page instead) as links, in the order staff gave them: the search page's suggestions. */
export const collectionLinks = (collections: readonly Collection[]) => collections.filter((c) => !c.drop).map((c) => ({ label: menuLabel(c), href: `/category/${c.slug}` }));
