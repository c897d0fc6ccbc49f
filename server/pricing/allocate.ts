/**
 * Splits `total` cents among shares in proportion to their weights, by largest remainder: the parts are whole cents
 * and add up to exactly `total`. Zero weights get nothing (and all-zero weights give all zeros).
 */
export function allocate(total: number, weights: number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum <= 0 || total === 0) return weights.map(() => 0);
  const exact = weights.map((w) => (total * w) / sum);
  const parts = exact.map(Math.floor);
  let left = total - parts.reduce((a, b) => a + b, 0);
  const order = exact.map((x, i) => ({ i, frac: x - Math.floor(x) })).sort((a, b) => b.frac - a.frac || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    if (weights[i]! > 0) {
      parts[i]! += 1;
      left--;
    }
  }
  return parts;
}

/** `amount` × `rateMilliPercent` / 100,000, rounded half up to the cent, in integer arithmetic. */
export function rateOf(amountCents: number, rateMilliPercent: number): number {
  return Math.floor((amountCents * rateMilliPercent + 50_000) / 100_000);
}

/** The tax inside a gross amount at a combined rate: gross − gross / (1 + rate), the net rounded half up. */
export function includedTaxOf(grossCents: number, rateMilliPercent: number): number {
  return grossCents - Math.floor((grossCents * 100_000 * 2 + (100_000 + rateMilliPercent)) / (2 * (100_000 + rateMilliPercent)));
}

/** 8625 → "8.625%"; 8000 → "8%". */
export function formatRate(rateMilliPercent: number): string {
  return `${(rateMilliPercent / 1000).toFixed(3).replace(/\.?0+$/, "")}%`;
}
