/** A budget read from free text, in cents; null bounds are open. `understood` is false for text we could not read. */
export interface Budget {
  minCents: number | null;
  maxCents: number | null;
  understood: boolean;
}

const amount = (s: string) => {
  const k = /k$/i.test(s);
  const value = Number.parseFloat(s.replace(/[^0-9.]/g, ""));
  return Number.isFinite(value) ? Math.round(value * (k ? 1000 : 1) * 100) : null;
};
const MONEY = String.raw`[$€£]?\s*(\d+(?:[.,]\d+)?k?)\s*(?:usd|dollars?|bucks)?`;

export function parseBudget(text: string | undefined): Budget {
  const t = (text ?? "").trim().toLowerCase().replace(/,(?=\d{3}\b)/g, "");
  if (!t || /^(any|no (limit|budget)|unlimited|whatever|flexible)$/.test(t)) return { minCents: null, maxCents: null, understood: true };
  if (/^(cheap|budget|affordable|low|inexpensive)$/.test(t)) return { minCents: null, maxCents: 5000, understood: true };
  if (/^(splurge|premium|high|luxury|expensive)$/.test(t)) return { minCents: 10000, maxCents: null, understood: true };
  const range = new RegExp(`^(?:between\\s+)?${MONEY}\\s*(?:-|–|to|and)\\s*${MONEY}$`).exec(t);
  if (range) {
    const [a, b] = [amount(range[1]!), amount(range[2]!)];
    if (a !== null && b !== null) return { minCents: Math.min(a, b), maxCents: Math.max(a, b), understood: true };
  }
  const upTo = new RegExp(`^(?:under|below|less than|max(?:imum)?|up to|no more than|<|<=|at most)\\s*${MONEY}$`).exec(t);
  if (upTo) return { minCents: null, maxCents: amount(upTo[1]!), understood: true };
  const from = new RegExp(`^(?:over|above|more than|at least|min(?:imum)?|>|>=|from)\\s*${MONEY}$|^${MONEY}\\s*\\+$`).exec(t);
  if (from) return { minCents: amount((from[1] ?? from[2])!), maxCents: null, understood: true };
  const around = new RegExp(`^(?:around|about|~|roughly)?\\s*${MONEY}(?:\\s*(?:max|or less|tops))?$`).exec(t);
  if (around) return { minCents: null, maxCents: amount(around[1]!), understood: true };
  return { minCents: null, maxCents: null, understood: false };
}

export function describeBudget(budget: Budget): string {
  const usd = (c: number) => `$${(c / 100).toFixed(c % 100 === 0 ? 0 : 2)}`;
  if (budget.minCents !== null && budget.maxCents !== null) return `${usd(budget.minCents)}-${usd(budget.maxCents)}`;
  if (budget.maxCents !== null) return `up to ${usd(budget.maxCents)}`;
  if (budget.minCents !== null) return `from ${usd(budget.minCents)}`;
  return "any budget";
}
