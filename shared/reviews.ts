/** Reviews and fit, as the server and the pages both need them: how a garment fits by its buyers' word, and review limits. */
export const FITS = ["small", "true", "large"] as const;
export type Fit = (typeof FITS)[number];

export const FIT_LABELS: Record<Fit, string> = { small: "Runs small", true: "True to size", large: "Runs large" };

/** Fewer fit answers than this say nothing about a product's fit. */
export const MIN_FIT_ANSWERS = 3;

export interface FitSummary {
  small: number;
  true: number;
  large: number;
  total: number;
  /** The answer more than half the buyers gave, once enough answered; null when they don't agree. */
  verdict: Fit | null;
}

export function summarizeFit(counts: Record<Fit, number>): FitSummary {
  const total = counts.small + counts.true + counts.large;
  const verdict = total < MIN_FIT_ANSWERS ? null : (FITS.find((fit) => counts[fit] * 2 > total) ?? null);
  return { ...counts, total, verdict };
}

/** "Most say true to size", for the product page. */
export function fitHeadline(verdict: Fit): string {
  return verdict === "true" ? "Most say true to size" : `Most say it ${FIT_LABELS[verdict].toLowerCase()}`;
}

/** How many sizes to move a chart size by buyers' verdict: up for a garment that runs small, down for one that runs large. */
export const FIT_SIZE_SHIFT: Record<Fit, number> = { small: 1, true: 0, large: -1 };

/** The advice the size guide and the style assistant give from a product's fit verdict. */
export function fitAdvice(verdict: Fit): string {
  if (verdict === "small") return "Runs small: consider one size up.";
  if (verdict === "large") return "Runs large: consider one size down.";
  return "True to size: take your usual size.";
}

/** Lengths a review's parts may have (the database checks them too). */
export const REVIEW_LIMITS = { title: 120, body: 5000, reply: 2000, reason: 500 } as const;
export const REVIEW_SORTS = ["newest", "highest", "lowest"] as const;
export type ReviewSort = (typeof REVIEW_SORTS)[number];
