import { menuLabel } from "../../shared/menus";
import { type Collection, VSOP_CATEGORY } from "../../shared/taxonomy";

export { menuLabel };

/** The collections (VSOP has its own page) as links, in the order staff gave them: the search page's suggestions. */
export const collectionLinks = (collections: readonly Collection[]) => collections.filter((c) => c.slug !== VSOP_CATEGORY).map((c) => ({ label: menuLabel(c), href: `/category/${c.slug}` }));
