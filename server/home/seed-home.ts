import { and, eq } from "drizzle-orm";
import type { Database } from "../db/client";
import { auditLog, homeSections, type HomeSectionType } from "../db/schema";

/** The home page of SPEC §2 as sections, in its order: the same headings, products and copy as before it was data. */
export const SEEDED_SECTIONS: { type: HomeSectionType; settings: Record<string, unknown> }[] = [
  { type: "hero", settings: {} },
  // The first drop's collection (server/drops/seed-drops.ts): a drop's collection shows the featured drop's pieces.
  { type: "featured_collection", settings: { collection: "tech-casual", limit: 12 } },
  { type: "product_grid", settings: { title: "Featured products", source: "featured", limit: 4 } },
  { type: "coming_soon", settings: {} },
  { type: "collection_banners", settings: {} },
  { type: "collection_links", settings: {} },
  { type: "feature_displays", settings: {} },
  { type: "vsop_strip", settings: {} },
  { type: "social_follow", settings: {} },
  { type: "newsletter", settings: {} },
];

/**
 * Writes the SPEC's home page into a store with no sections that staff have never saved (a new store, or one from
 * before issue 28). Once staff save the home page it is theirs, even emptied: it never comes back on a restart.
 */
export async function seedHome(db: Database, now: Date): Promise<{ sections: number }> {
  const [any] = await db.select({ id: homeSections.id }).from(homeSections).limit(1);
  if (any) return { sections: 0 };
  const [saved] = await db
    .select({ id: auditLog.id })
    .from(auditLog)
    .where(and(eq(auditLog.entity, "home"), eq(auditLog.entityId, "sections")))
    .limit(1);
  if (saved) return { sections: 0 };
  const inserted = await db
    .insert(homeSections)
    .values(SEEDED_SECTIONS.map((s, position) => ({ ...s, position, updatedAt: now })))
    .returning({ id: homeSections.id });
  return { sections: inserted.length };
}
