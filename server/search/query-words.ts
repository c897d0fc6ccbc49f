/**
 * How a shopper's text becomes search words (issue 33, decision 0038): lower case, letters and digits only, at most
 * 8 words of at most 40 characters. A hyphen or apostrophe inside a word joins its parts ("t-shirt" → "tshirt",
 * "men's" → "mens"), so "t-shirt" and "tshirt" are one word; "t shirt" joins too when the store knows the joined word
 * (server/search/search-plan.ts). Nothing else reaches the database's query syntax.
 */
export const MAX_WORDS = 8;
const MAX_WORD = 40;

export function queryWords(text: string): string[] {
  return text
    .normalize("NFKC")
    .toLowerCase()
    .replace(/([\p{L}\p{N}])[-'’‐‑](?=[\p{L}\p{N}])/gu, "$1")
    .replace(/[^\p{L}\p{M}\p{N}]+/gu, " ")
    .split(" ")
    .filter(Boolean)
    .slice(0, MAX_WORDS)
    .map((word) => word.slice(0, MAX_WORD));
}

/** A product name or a query as compared for "exact name" ranking: its words in lower case, one space between. */
export function nameKey(text: string): string {
  return text.normalize("NFKC").toLowerCase().replace(/[^\p{L}\p{N}]+/gu, " ").trim().slice(0, 200);
}

/**
 * Edit distance with swaps (optimal string alignment): one wrong, missing, extra or swapped letter is 1. With
 * `prefix`, the distance from `typed` to the nearest start of `word` ("hodi" is 1 from "hoodi", the start of "hoodie"),
 * for a word still being typed.
 */
export function editDistance(typed: string, word: string, prefix = false): number {
  const a = [...typed];
  const b = [...word];
  const rows: number[][] = [Array.from({ length: b.length + 1 }, (_, j) => j)];
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(rows[i - 1]![j]! + 1, row[j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, rows[i - 2]![j - 2]! + 1);
      row.push(best);
    }
    rows.push(row);
  }
  const last = rows[a.length]!;
  return prefix ? Math.min(...last.slice(Math.max(0, a.length - 2))) : last[b.length]!;
}

/** How many letters a word of this length may have wrong: none under 4 letters, 1 up to 7, 2 from 8. */
export function allowedEdits(length: number): number {
  return length < 4 ? 0 : length < 8 ? 1 : 2;
}
