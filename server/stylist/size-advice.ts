import { FIT_SIZE_SHIFT, fitAdvice, type Fit } from "../../shared/reviews";
import { SIZE_CHART, SIZES, sizeIndexFor } from "../../shared/size-chart";
import { parseLength, parseWeight } from "./measurements";
import type { Measurements, SizeAnswer } from "./stylist-schemas";

const FIT_SHIFT = { tight: -1, regular: 0, loose: 1, oversized: 2 } as const;
const FIT_TEXT = {
  tight: "close to the body, with little ease",
  regular: "true to size, with room to move",
  loose: "relaxed, with extra room through the body",
  oversized: "deliberately roomy, with dropped shoulders",
} as const;

/** Rough size by weight in pounds, used only when neither chest nor waist can be read. */
function sizeIndexByWeight(pounds: number): number {
  const limits = [130, 150, 175, 200, 230, 260];
  const index = limits.findIndex((limit) => pounds < limit);
  return index === -1 ? SIZES.length - 1 : index;
}

/** What buyers of the product being sized say of its fit (server/reviews), when they agree. */
export interface ProductFit {
  name: string;
  verdict: Fit;
}

/**
 * Size advice from measurements (chest and waist against the chart, the larger wins; weight only as a fallback;
 * height for length), shifted by the preferred fit and by the product's fit as its buyers report it. Unreadable
 * values lower the confidence and are named in the tips.
 */
export function adviseSize(measurements: Measurements, productFit: ProductFit | null = null): SizeAnswer {
  const fit = measurements.preferredFit;
  const read = {
    height: parseLength(measurements.height, "height"),
    weight: parseWeight(measurements.weight),
    chest: parseLength(measurements.chest, "chest"),
    waist: parseLength(measurements.waist, "waist"),
  };
  const tips: string[] = [];
  for (const [field, value] of Object.entries(read)) {
    if (value === null) tips.push(`We couldn't read your ${field} ("${measurements[field as keyof typeof read]}"). Try a form like ${field === "weight" ? '"160 lbs" or "72 kg"' : field === "height" ? `"5'10\\"" or "178 cm"` : '"38 in" or "96 cm"'}.`);
  }

  const bodyIndexes = [read.chest, read.waist].map((v, i) => (typeof v === "number" ? sizeIndexFor(i === 0 ? "chest" : "waist", v) : null)).filter((i): i is number => i !== null);
  let base: number;
  let confidence: number;
  if (bodyIndexes.length > 0) {
    base = Math.max(...bodyIndexes);
    confidence = bodyIndexes.length === 2 ? 0.9 : 0.75;
    if (bodyIndexes.length === 2 && Math.abs(bodyIndexes[0]! - bodyIndexes[1]!) >= 2) {
      confidence -= 0.15;
      tips.push("Your chest and waist fall two or more sizes apart: for tops follow your chest, for bottoms your waist.");
    }
  } else if (typeof read.weight === "number") {
    base = sizeIndexByWeight(read.weight);
    confidence = 0.5;
    tips.push("Based on weight alone this is an estimate; a chest or waist measurement makes it much more accurate.");
  } else {
    base = SIZES.indexOf("M");
    confidence = 0.2;
    tips.push("We need your chest or waist (or at least your weight) to recommend a size; M is our most common size.");
  }
  if (read.chest === undefined && read.waist !== undefined && typeof read.waist === "number") tips.push("Add your chest measurement for tops and hoodies.");

  const wanted = base + FIT_SHIFT[fit];
  const preferred = Math.min(SIZES.length - 1, Math.max(0, wanted));
  if (preferred !== wanted) tips.push(`We can't go ${FIT_SHIFT[fit] > 0 ? "larger" : "smaller"} than ${SIZES[preferred]}; choose a style cut ${FIT_SHIFT[fit] > 0 ? "oversized" : "slim"} for that effect.`);
  if (fit !== "regular") tips.push(`For a ${fit} fit we moved you from ${SIZES[base]} to ${SIZES[preferred]}.`);
  const shifted = Math.min(SIZES.length - 1, Math.max(0, preferred + (productFit ? FIT_SIZE_SHIFT[productFit.verdict] : 0)));
  if (productFit) {
    const moved = shifted !== preferred ? ` We moved you from ${SIZES[preferred]} to ${SIZES[shifted]}.` : "";
    tips.unshift(`Buyers of the ${productFit.name} say it ${productFit.verdict === "true" ? "fits true to size" : `runs ${productFit.verdict}`}. ${fitAdvice(productFit.verdict)}${moved}`);
  }

  if (typeof read.height === "number") {
    if (read.height >= 74) tips.push("You're tall: hoodies and long sleeves run to a standard length, so consider one size up or a tall-friendly cut for length.");
    else if (read.height <= 64) tips.push("You're on the shorter side: sleeves and inseams may run long; our cuffed pieces work well.");
  } else if (read.height === undefined) {
    tips.push("Add your height for advice on sleeve and body length.");
  }

  const row = SIZE_CHART[shifted]!;
  tips.push(`Size ${row.size} fits a ${row.chest[0]}-${row.chest[1]} in chest and ${row.waist[0]}-${row.waist[1]} in waist; see the full chart on our size guide.`);
  return {
    recommendedSize: row.size,
    fitDescription: `Size ${row.size} for a ${fit} fit: ${FIT_TEXT[fit]}.`,
    tips,
    confidence: Math.round(Math.max(0.1, confidence) * 100) / 100,
  };
}
