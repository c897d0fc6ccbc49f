import { sql } from "drizzle-orm";
import type { CatalogChanges } from "../cache/catalog-changes";
import type { Database } from "../db/client";
import { rowsOf } from "../db/rows";
import { allowedEdits, editDistance } from "./query-words";

/**
 * The lowest pg_trgm similarity a correction may have: tuned on the misspellings in search-words.test.ts (swapped
 * letters near a word's end score lowest, "tshrit" 0.27 against "tshirt"). Edit distance then decides (decision 0038).
 */
export const SIMILARITY_FLOOR = 0.2;

/**
 * search_words again from the active products: every word of their names, keywords (collections, colours, garment
 * words) and tags, a hyphenated word also joined ("t-shirt" → "tshirt", spelt "t-shirt"). One statement, under a lock
 * so two processes don't interleave.
 */
export async function rebuildSearchWords(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('search_words'))`);
    await tx.execute(sql`delete from search_words`);
    await tx.execute(sql`
      insert into search_words (word, form, products)
      select replace(word, '-', ''), max(case when word like '%-%' then word end), sum(ndoc)
      from ts_stat('select to_tsvector(''simple'', name || '' '' || keywords || '' '' || array_to_string(tags, '' '')) from products where status = ''active''')
      where word ~ '^[[:alpha:]]+(-[[:alpha:]]+)*$' and length(replace(word, '-', '')) >= 2
      group by replace(word, '-', '')`);
  });
}

export interface WordLookup {
  /** The word is the start of a known word (so it is not misspelt, only unfinished). */
  known: boolean;
  /** The word itself is known. */
  exact: boolean;
  /** How products spell it, when joined from a hyphenated word ("t-shirt"). */
  form: string | null;
}

export interface SearchWordIndex {
  lookup(words: string[]): Promise<Map<string, WordLookup>>;
  /**
   * The known word a misspelt one most likely means, or null: within allowedEdits, the most similar, then the commonest.
   * `alsoKnown` are words of no product that are known all the same (the staff's synonyms): at equal similarity a
   * product's word wins.
   */
  correct(word: string, alsoKnown?: string[]): Promise<string | null>;
  /** Colour names of active products, by their lower-case spelling ("black" → "Black"). */
  colors(): Promise<Map<string, string>>;
}

/**
 * The index is rebuilt lazily: once per process, and after any change to everything (a staff write, decision 0022),
 * on the next search that needs it. Stock changes don't change words.
 */
export function createSearchWordIndex({ db, catalogChanges }: { db: Database; catalogChanges: CatalogChanges }): SearchWordIndex {
  let ready: Promise<Map<string, string>> | null = null;
  catalogChanges.subscribe((change) => {
    if ("all" in change) ready = null;
  });
  async function build(): Promise<Map<string, string>> {
    await rebuildSearchWords(db);
    const rows = rowsOf<{ color: string }>(await db.execute(sql`select distinct unnest(colors) as color from products where status = 'active'`));
    return new Map(rows.map((r) => [r.color.toLowerCase(), r.color]));
  }
  function fresh(): Promise<Map<string, string>> {
    const current = (ready ??= build());
    current.catch(() => ready === current && (ready = null));
    return current;
  }
  return {
    colors: fresh,
    async lookup(words) {
      await fresh();
      const found = new Map<string, WordLookup>();
      if (words.length === 0) return found;
      const rows = rowsOf<{ q: string; exact: boolean; form: string | null }>(await db.execute(sql`
        select q, bool_or(w.word = q) as exact, max(case when w.word = q then w.form end) as form
        from unnest(string_to_array(${words.join(" ")}, ' ')) as q
        join search_words w on starts_with(w.word, q)
        group by q`));
      for (const r of rows) found.set(r.q, { known: true, exact: r.exact, form: r.form });
      return found;
    },
    async correct(word, alsoKnown = []) {
      const edits = allowedEdits([...word].length);
      if (edits === 0) return null;
      await fresh();
      // The words are queryWords' (letters and digits, no spaces): one text parameter carries them all.
      const rows = rowsOf<{ word: string }>(await db.execute(sql`
        select word from (select word, products from search_words union all select unnest(string_to_array(${alsoKnown.join(" ")}, ' ')), 0) w
        where similarity(word, ${word}) >= ${SIMILARITY_FLOOR}
        order by similarity(word, ${word}) desc, products desc, word
        limit 20`));
      // Rows come most similar first: the first within the allowed edits wins (a whole word before an unfinished one).
      const candidates = rows.map((r) => r.word);
      return candidates.find((c) => editDistance(word, c) <= edits) ?? candidates.find((c) => editDistance(word, c, true) <= edits) ?? null;
    },
  };
}
