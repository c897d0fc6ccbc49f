import { sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { searchSynonyms } from "../db/schema";

/** An apparel store's usual synonym groups (issue 33); staff change them at /admin/search. */
export const SEED_SYNONYMS: string[][] = [
  ["tee", "t-shirt"],
  ["jumper", "sweater", "sweatshirt", "pullover"],
  ["trousers", "pants", "bottoms", "slacks"],
  ["hoodie", "hooded sweatshirt"],
  ["sneakers", "trainers"],
  ["jacket", "coat"],
  ["beanie", "knit hat", "toque"],
  ["cap", "baseball cap"],
  ["bag", "tote", "purse", "handbag"],
  ["bodysuit", "onesie", "romper"],
  ["leggings", "tights"],
  ["shorts", "trunks"],
  ["top", "blouse"],
  ["jeans", "denim"],
  ["socks", "sox"],
];

/** Adds the groups once, into a store that has none. */
export async function seedSynonyms(db: Database): Promise<void> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(searchSynonyms);
  if ((row?.n ?? 0) > 0) return;
  await db.insert(searchSynonyms).values(SEED_SYNONYMS.map((terms) => ({ terms })));
}
