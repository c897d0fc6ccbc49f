import { asc, eq } from "drizzle-orm";
import type { Database } from "../db/client";
import { menuItems } from "../db/schema";
import { AppError } from "../errors";
import type { Tx } from "../zones/staff-change";
import { MENU_TITLES } from "../../shared/menus";

type Target = { entryId: number } | { categoryId: number };

/**
 * Refuses (409) to take offline or delete what a menu links to, naming the menu and the item, so no menu points at a
 * page that is gone (research §1: link integrity). Call it inside the change's transaction.
 */
export async function assertNotInMenu(db: Database | Tx, target: Target, name: string): Promise<void> {
  const column = "entryId" in target ? eq(menuItems.entryId, target.entryId) : eq(menuItems.categoryId, target.categoryId);
  const [item] = await db.select({ menu: menuItems.menu, label: menuItems.label }).from(menuItems).where(column).orderBy(asc(menuItems.menu), asc(menuItems.id)).limit(1);
  if (item) throw new AppError("conflict", `"${name}" is linked from the ${MENU_TITLES[item.menu]} menu ("${item.label}"). Remove that link first.`);
}
