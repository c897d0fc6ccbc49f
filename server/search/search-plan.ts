import { sql, type SQL } from "drizzle-orm";
import { queryWords } from "./query-words";
import type { SearchWordIndex } from "./search-words";

/** Letter sizes a query may name ("black tee m"): they filter, as the listing's size filter does. */
const SIZE_WORDS = new Map(["xxs", "xs", "s", "m", "l", "xl", "xxl", "2xl", "3xl"].map((s) => [s, s.toUpperCase()]));

/** One word of the query and what may stand for it: its own prefix, how products spell it, its synonyms. */
interface Term {
  word: string;
  form: string | null;
  synonyms: string[];
}

export interface SearchPlan {
  /** The full-text query (null: the query is only colours and sizes, or nothing). */
  tsquery: SQL | null;
  /** The words themselves, unstemmed and without synonyms: a name with the very words ranks above the others. */
  nameQuery: SQL | null;
  /**
   * The whole query (as corrected) as a phrase of a name, colour and size words included, when it has several words:
   * a product named so is found and comes first even when those words were taken as filters its variants don't meet
   * ("Harbour Red Jacket" in navy). Null for one word, which is never taken as a filter.
   */
  namePhrase: SQL | null;
  colors: string[];
  sizes: string[];
  /** The query as searched when a word was corrected ("black hoodie" for "black hodie"), else null. */
  corrected: string | null;
  /** The query's words before any correction: what a zero-result search is counted under. */
  normalized: string;
}

/**
 * What a shopper's text asks for (issue 33, decision 0038), in order: words (query-words.ts); colour and size words
 * become filters when something else is asked too (unless the words are a product's name: `namePhrase`); two words
 * join when the store knows the joined word ("t shirt"); a word the store doesn't know, that is not a synonym, is
 * corrected to the nearest known word or synonym (unless `exact`); each word then matches as a prefix, as products
 * spell it, or as any of its synonyms.
 */
export async function planSearch({ text, index, synonyms, exact = false }: { text: string; index: SearchWordIndex; synonyms: Map<string, string[]>; exact?: boolean }): Promise<SearchPlan | null> {
  const words = queryWords(text);
  if (words.length === 0) return null;
  const colorNames = await index.colors();
  const colors: string[] = [];
  const sizes: string[] = [];
  let rest: string[] = [];
  for (const word of words) {
    if (words.length > 1 && colorNames.has(word)) colors.push(colorNames.get(word)!);
    else if (words.length > 1 && SIZE_WORDS.has(word)) sizes.push(SIZE_WORDS.get(word)!);
    else rest.push(word);
  }
  const pairs = rest.slice(1).map((word, i) => rest[i] + word);
  const singulars = rest.map(singular);
  const found = await index.lookup([...new Set([...rest, ...pairs, ...singulars])]);
  const known = (word: string) => found.get(word)?.known || found.get(singular(word))?.exact;
  rest = joinPairs(rest, (joined) => found.get(joined)?.exact === true);
  const display = [...words];
  const terms: Term[] = [];
  for (const word of rest) {
    let searched = word;
    if (!exact && !known(word) && !synonyms.has(word) && !synonyms.has(singular(word))) {
      // Against the synonyms' words too: a word only a staff synonym knows is a known word, and is misspelt like any.
      const correction = await index.correct(word, [...synonyms.keys()]);
      if (correction) {
        searched = correction;
        const at = display.indexOf(word);
        if (at >= 0) display[at] = correction;
        else display.push(correction);
      }
    }
    const form = searched === word ? (found.get(word)?.form ?? null) : (await index.lookup([searched])).get(searched)?.form ?? null;
    terms.push({ word: searched, form, synonyms: synonyms.get(searched) ?? [] });
  }
  const corrected = display.join(" ") !== words.join(" ") ? display.join(" ") : null;
  const query = (config: Config, own = false) => (terms.length ? sql.join(terms.map((t) => termQuery(own ? { ...t, synonyms: [] } : t, config)), sql` && `) : null);
  const namePhrase = words.length > 1 ? sql`phraseto_tsquery('simple', ${display.join(" ")})` : null;
  return { tsquery: query("english"), nameQuery: query("simple", true), namePhrase, colors, sizes, corrected, normalized: words.join(" ") };
}

/** "dresses" → "dress", "belts" → "belt": a plural of a known word is not a misspelling. */
const singular = (word: string) => word.replace(/(?<=[sxz]|ch|sh)es$|(?<!s)s$/u, "");

/** "t" "shirt" → "tshirt" where `known` says the joined word exists. */
function joinPairs(words: string[], known: (joined: string) => boolean): string[] {
  const out: string[] = [];
  for (let i = 0; i < words.length; i++) {
    const next = words[i + 1];
    if (next !== undefined && known(words[i]! + next)) {
      out.push(words[i]! + next);
      i++;
    } else out.push(words[i]!);
  }
  return out;
}

type Config = "english" | "simple";

/** One word's alternatives as a tsquery: its stem as a prefix, its hyphenated spelling, its synonyms as phrases. */
function termQuery(term: Term, config: Config): SQL {
  const regconfig = sql.raw(`'${config}'`);
  const parts = [sql`to_tsquery(${regconfig}, ${`${term.word}:*`})`];
  if (term.form) parts.push(sql`phraseto_tsquery(${regconfig}, ${term.form})`);
  for (const synonym of term.synonyms) parts.push(sql`phraseto_tsquery(${regconfig}, ${synonym})`);
  return sql`(${sql.join(parts, sql` || `)})`;
}
