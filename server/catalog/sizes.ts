const LETTER_SIZES = ["XXS", "XS", "S", "M", "L", "XL", "XXL", "2XL", "3XL"];

/** Orders sizes the way a size chart does: babies' months, kids' and waist numbers, letters, then One Size. */
export function compareSizes(a: string, b: string): number {
  return sizeRank(a) - sizeRank(b) || a.localeCompare(b);
}

function sizeRank(size: string): number {
  const months = /^(\d+)-(\d+)M$/.exec(size);
  if (months) return Number(months[1]);
  if (/^\d+$/.test(size)) return 100 + Number(size);
  const letter = LETTER_SIZES.indexOf(size);
  if (letter >= 0) return 1000 + (size === "XXL" ? LETTER_SIZES.indexOf("2XL") : letter);
  return 2000;
}
