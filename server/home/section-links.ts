import { asc, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { homeSections } from "../db/schema";
import { AppError } from "../errors";
import type { Tx } from "../zones/staff-change";
import { sectionLabel } from "./section-choices";

/**
 * Refuses (409) to delete a collection a home section shows (a featured collection, a collection's product grid),
 * naming the section, so the home page never names a collection that is gone (research §1: link integrity). Sections
 * name top-level collections only (./home-store.ts), so a subcategory is never one. Call it inside the change's transaction.
 */
export async function assertNotOnHomePage(db: Database | Tx, collection: { slug: string; parentId: number | null }, name: string): Promise<void> {
  if (collection.parentId !== null) return;
  const [section] = await db
    .select({ position: homeSections.position, type: homeSections.type })
    .from(homeSections)
    .where(sql`${homeSections.settings}->>'collection' = ${collection.slug}`)
    .orderBy(asc(homeSections.position), asc(homeSections.id))
    .limit(1);
  if (section) throw new AppError("conflict", `"${name}" is shown on the home page by section ${section.position + 1} (${sectionLabel(section.type)}). Change or remove that section first.`);
}
