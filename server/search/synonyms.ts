import { asc, eq } from "drizzle-orm";
import { z } from "zod";
import { recordAudit } from "../audit/audit-log";
import type { Database } from "../db/client";
import { searchSynonyms } from "../db/schema";
import { AppError } from "../errors";
import { queryWords } from "./query-words";

/** A synonym group as staff write it: 2 to 20 terms of 1 to 40 characters (letters, digits, spaces, hyphens). */
export const synonymGroupSchema = z
  .object({
    terms: z
      .array(z.string().trim().min(1).max(40).regex(/^[\p{L}\p{N}][\p{L}\p{N} '’-]*$/u, "Use letters, digits, spaces and hyphens"))
      .min(2, "A group needs at least two terms")
      .max(20),
  })
  .strict()
  .transform(({ terms }) => ({ terms: [...new Set(terms.map((t) => t.toLowerCase().replace(/\s+/g, " ")))] }))
  .refine(({ terms }) => terms.length >= 2, { message: "A group needs at least two different terms", path: ["terms"] });
export type SynonymGroupInput = z.infer<typeof synonymGroupSchema>;

export interface SynonymGroup {
  id: number;
  terms: string[];
}

export async function listSynonyms(db: Database): Promise<SynonymGroup[]> {
  return db.select({ id: searchSynonyms.id, terms: searchSynonyms.terms }).from(searchSynonyms).orderBy(asc(searchSynonyms.id));
}

/**
 * Every term's search word ("t-shirt" → "tshirt") to the other terms of its groups, as written (searched as phrases).
 * Read on every search: the table is small, and a change applies to the next search (issue 33).
 */
export async function synonymMap(db: Database): Promise<Map<string, string[]>> {
  const map = new Map<string, string[]>();
  for (const { terms } of await listSynonyms(db)) {
    for (const term of terms) {
      const words = queryWords(term);
      if (words.length !== 1) continue;
      const others = terms.filter((t) => t !== term);
      map.set(words[0]!, [...new Set([...(map.get(words[0]!) ?? []), ...others])]);
    }
  }
  return map;
}

type Change = { db: Database; actor: string; now: Date };

export async function createSynonymGroup({ db, actor, now, input }: Change & { input: SynonymGroupInput }): Promise<SynonymGroup> {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(searchSynonyms).values({ terms: input.terms, updatedAt: now }).returning({ id: searchSynonyms.id, terms: searchSynonyms.terms });
    await recordAudit(tx, { actor, entity: "synonym", entityId: row!.id, action: "create", after: input }, now);
    return row!;
  });
}

export async function updateSynonymGroup({ db, actor, now, id, input }: Change & { id: number; input: SynonymGroupInput }): Promise<SynonymGroup> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select({ terms: searchSynonyms.terms }).from(searchSynonyms).where(eq(searchSynonyms.id, id)).for("update");
    if (!before) throw new AppError("not_found", `Synonym group ${id} not found`);
    await tx.update(searchSynonyms).set({ terms: input.terms, updatedAt: now }).where(eq(searchSynonyms.id, id));
    await recordAudit(tx, { actor, entity: "synonym", entityId: id, action: "update", before, after: input }, now);
    return { id, terms: input.terms };
  });
}

export async function deleteSynonymGroup({ db, actor, now, id }: Change & { id: number }): Promise<void> {
  await db.transaction(async (tx) => {
    const [before] = await tx.delete(searchSynonyms).where(eq(searchSynonyms.id, id)).returning({ terms: searchSynonyms.terms });
    if (!before) throw new AppError("not_found", `Synonym group ${id} not found`);
    await recordAudit(tx, { actor, entity: "synonym", entityId: id, action: "delete", before }, now);
  });
}

