import type { Database } from "../db/client";
import { describeBudget, parseBudget } from "./budget";
import { type Candidate, loadCandidates, toSuggestion } from "./candidates";
import type { StyleAnswer, StylePreferences } from "./stylist-schemas";

type Weights = Record<string, number>;

/** How strongly each garment suits a style or an occasion (0 or absent: not at all). */
const STYLE: Record<string, Weights> = {
  streetwear: { hoodie: 3, set: 3, tshirt: 2, cap: 2, jeans: 2, shorts: 2, jacket: 1, beanie: 1 },
  minimalist: { tshirt: 3, longsleeve: 3, top: 2, pants: 2, dress: 2, jeans: 1, bag: 1 },
  urban: { jacket: 3, jeans: 3, hoodie: 2, cap: 2, bag: 2, beanie: 1, shorts: 1 },
  luxury: { set: 3, dress: 3, bag: 3, scarf: 2, top: 2, belt: 2, pants: 1 },
  versatile: { jeans: 3, tshirt: 2, longsleeve: 2, pants: 2, hoodie: 1, top: 1, dress: 1 },
};
const OCCASION: Record<string, Weights> = {
  casual: { tshirt: 2, hoodie: 2, jeans: 2, shorts: 2, cap: 1, set: 1 },
  work: { top: 3, pants: 3, longsleeve: 2, dress: 2, belt: 2, bag: 2, scarf: 1 },
  evening: { dress: 3, top: 2, bag: 2, jacket: 1, scarf: 1, belt: 1 },
  workout: { shorts: 3, tshirt: 2, pants: 2, hoodie: 2, socks: 1 },
  travel: { bag: 3, hoodie: 2, pants: 2, jacket: 2, set: 2, socks: 1, beanie: 1 },
};
const BODY_NOTES: Record<string, string> = {
  athletic: "Relaxed and athletic cuts give room through the shoulders and thighs.",
  slim: "Slim cuts and a layer or two add shape.",
  regular: "Our regular fits are cut for your build; go by the size guide.",
  plus: "Relaxed and wide-leg cuts drape best; the size guide helps you pick between two sizes.",
  "prefer-not-to-say": "Check the size guide for each piece before you order.",
};
/** One pick per slot, so a suggestion reads as an outfit rather than four tees. */
const SLOT: Record<string, string> = {
  tshirt: "top", longsleeve: "top", top: "top", hoodie: "layer", jacket: "layer", jeans: "bottom", pants: "bottom", shorts: "bottom", skirt: "bottom",
  dress: "one-piece", set: "one-piece", onesie: "one-piece", cap: "accessory", beanie: "accessory", bag: "accessory", scarf: "accessory", belt: "accessory", socks: "accessory",
};
const MAX_ITEMS = 4;

function score(candidate: Candidate, prefs: StylePreferences): number {
  const style = prefs.style ? (STYLE[prefs.style]?.[candidate.garment] ?? 0) : 1;
  const occasion = prefs.occasion ? (OCCASION[prefs.occasion]?.[candidate.garment] ?? 0) : 1;
  const luxuryLean = prefs.style === "luxury" ? candidate.priceCents / 10_000 : 0;
  return style * 2 + occasion * 2 + luxuryLean + candidate.rating / 5 + (candidate.bestseller ? 0.3 : 0) + (candidate.trending ? 0.2 : 0);
}

function pickOutfit(candidates: Candidate[], prefs: StylePreferences): Candidate[] {
  const ranked = candidates.map((c) => ({ c, s: score(c, prefs) })).filter((x) => x.s > 1.5).sort((a, b) => b.s - a.s || a.c.id - b.c.id);
  const picked: Candidate[] = [];
  const slots = new Set<string>();
  for (const { c } of ranked) {
    const slot = SLOT[c.garment] ?? c.garment;
    if (slots.has(slot)) continue;
    slots.add(slot);
    picked.push(c);
    if (picked.length === MAX_ITEMS) break;
  }
  return picked;
}

/**
 * The default style engine: deterministic and grounded in the catalogue. Every suggestion is a real product in stock
 * in a wanted colour and within the budget; constraints are relaxed (colours first, then budget) only when nothing
 * fits, and the reasoning says so.
 */
export async function adviseStyle({ db, prefs }: { db: Database; prefs: StylePreferences }): Promise<StyleAnswer> {
  const budget = parseBudget(prefs.budget);
  const colors = prefs.colorPreferences;
  const garments = Object.keys({ ...(prefs.style ? STYLE[prefs.style] : {}), ...(prefs.occasion ? OCCASION[prefs.occasion] : {}) });
  const relaxed: string[] = [];
  const attempt = (opts: { colors: boolean; budget: boolean }) =>
    loadCandidates(db, { garments, colors: opts.colors ? colors : undefined, minCents: opts.budget ? budget.minCents : null, maxCents: opts.budget ? budget.maxCents : null });
  let picked = pickOutfit(await attempt({ colors: true, budget: true }), prefs);
  if (picked.length === 0 && colors.length) {
    relaxed.push("colours");
    picked = pickOutfit(await attempt({ colors: false, budget: true }), prefs);
  }
  if (picked.length === 0 && (budget.minCents !== null || budget.maxCents !== null)) {
    relaxed.push("budget");
    picked = pickOutfit(await attempt({ colors: false, budget: false }), prefs);
  }

  const suggestedItems = picked.map((c) => toSuggestion(c, colors));
  const styleWord = prefs.style ?? "easy";
  const occasionWord = prefs.occasion ? ` for ${prefs.occasion === "work" ? "the office" : prefs.occasion === "workout" ? "training" : prefs.occasion}` : "";
  const recommendation = suggestedItems.length
    ? `A ${styleWord} look${occasionWord}: ${suggestedItems.map((i) => `the ${i.name} in ${i.color}`).join(", ")}.`
    : "We couldn't find pieces in stock that match right now; try another style or a wider budget.";
  const reasons = [
    suggestedItems.length ? `Every piece is in stock${colors.length && !relaxed.includes("colours") ? ` in ${colors.join(" or ")}` : ""}${!relaxed.includes("budget") && (budget.minCents !== null || budget.maxCents !== null) ? ` and priced ${describeBudget(budget)}` : ""}.` : "",
    prefs.style ? `${capitalize(prefs.style)} style leans on ${topGarments(STYLE[prefs.style]!)}.` : "",
    prefs.occasion ? `For ${prefs.occasion} we favoured ${topGarments(OCCASION[prefs.occasion]!)}.` : "",
    relaxed.length ? `Nothing matched every wish, so we relaxed your ${relaxed.join(" and ")}.` : "",
    budget.understood ? "" : `We couldn't read the budget "${prefs.budget}", so price wasn't a filter; try "under 100" or "50-150".`,
    prefs.bodyType ? (BODY_NOTES[prefs.bodyType] ?? "") : "",
  ].filter(Boolean);

  const given = [prefs.style, prefs.occasion, colors.length ? "colours" : undefined, prefs.budget ? "budget" : undefined].filter(Boolean).length;
  const base = 0.45 + 0.1 * given - 0.15 * relaxed.length - (budget.understood ? 0 : 0.1);
  const confidence = suggestedItems.length ? clamp(base * (0.6 + (0.4 * suggestedItems.length) / MAX_ITEMS), 0.2, 0.95) : 0.1;
  return { recommendation, reasoning: reasons.join(" "), suggestedItems, confidence: Math.round(confidence * 100) / 100 };
}

const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const clamp = (n: number, min: number, max: number) => Math.min(max, Math.max(min, n));
const names: Record<string, string> = { tshirt: "tees", longsleeve: "long sleeves", top: "tops", hoodie: "hoodies", jacket: "jackets", jeans: "denim", pants: "trousers", shorts: "shorts", skirt: "skirts", dress: "dresses", set: "matching sets", cap: "caps", beanie: "beanies", bag: "bags", scarf: "scarves", belt: "belts", socks: "socks" };
function topGarments(weights: Weights): string {
  const top = Object.entries(weights).sort((a, b) => b[1] - a[1]).slice(0, 3).map(([g]) => names[g] ?? g);
  return `${top.slice(0, -1).join(", ")} and ${top.at(-1)}`;
}
