import { z } from "zod";
import { SIZES } from "../../shared/size-chart";
import { limits, spendAttempt } from "../accounts/rate-limit";
import type { Database } from "../db/client";
import type { Logger } from "../logger";
import { loadCandidates, toSuggestion } from "./candidates";
import type { LanguageModel } from "./language-model";
import { suggestOutfits } from "./outfit-ideas";
import { adviseSize, type ProductFit } from "./size-advice";
import { adviseStyle } from "./style-advice";
import { type Measurements, outfitAnswerSchema, type OutfitAnswer, type OUTFIT_ITEMS, type SizeAnswer, sizeAnswerSchema, type StyleAnswer, type StylePreferences } from "./stylist-schemas";

const modelStyleSchema = z.object({
  recommendation: z.string().min(1).max(600),
  reasoning: z.string().min(1).max(1200),
  suggestedItemIds: z.array(z.number().int()).min(1).max(4),
  confidence: z.number().min(0).max(1),
});

const SYSTEM =
  "You are the style assistant of an online clothing store. Answer with one JSON object only. Recommend only products from the list you are given, by id. Be concise, warm and specific.";

/**
 * The stylist: the deterministic, catalogue-grounded engines, optionally worded by a language model. A model answer is
 * used only when it parses, matches the answer's schema and names only products that are in stock; otherwise, and on
 * any error or timeout, the engine's own answer stands.
 */
export function createStylist({ db, model, logger, now }: { db: Database; model: LanguageModel | null; logger: Logger; now: () => Date }) {
  async function viaModel<T>(work: () => Promise<T | null>, fallback: T, what: string): Promise<T> {
    if (!model) return fallback;
    try {
      return (await work()) ?? fallback;
    } catch (err) {
      logger.warn({ err: (err as Error).message, what }, "language model failed; using the built-in engine");
      return fallback;
    }
  }

  return {
    /** 60 answers an hour per IP: the assistant may call a paid model. */
    allow: (ip: string) => spendAttempt(db, [limits.stylistIp(ip)], now),
    async styleRecommendation(prefs: StylePreferences): Promise<StyleAnswer> {
      const base = await adviseStyle({ db, prefs });
      return viaModel(
        async () => {
          const pool = await loadCandidates(db, { colors: prefs.colorPreferences.length ? prefs.colorPreferences : undefined, limit: 30 });
          const listed = [...new Map([...base.suggestedItems.map((i) => [i.id, i.name] as const), ...pool.map((c) => [c.id, c.name] as const)]).entries()];
          const answer = modelStyleSchema.parse(
            await model!.completeJson({
              system: SYSTEM,
              user: `Preferences: ${JSON.stringify(prefs)}. In-stock products (id: name): ${listed.map(([id, name]) => `${id}: ${name}`).join("; ")}. Our own suggestion: ${JSON.stringify(base)}. Reply as {"recommendation","reasoning","suggestedItemIds","confidence"}.`,
            }),
          );
          // Only products we listed (all in stock) may be suggested; an invented id discards the answer.
          const allowed = new Set([...pool.map((c) => c.id), ...base.suggestedItems.map((i) => i.id)]);
          if (!answer.suggestedItemIds.every((id) => allowed.has(id))) return null;
          const items = answer.suggestedItemIds.map((id) => base.suggestedItems.find((i) => i.id === id) ?? toSuggestion(pool.find((c) => c.id === id)!, prefs.colorPreferences));
          return { recommendation: answer.recommendation, reasoning: answer.reasoning, suggestedItems: items, confidence: answer.confidence };
        },
        base,
        "style",
      );
    },

    async sizeGuidance(measurements: Measurements, productFit: ProductFit | null = null): Promise<SizeAnswer> {
      const base = adviseSize(measurements, productFit);
      return viaModel(
        async () => {
          const answer = sizeAnswerSchema.parse(
            await model!.completeJson({
              system: SYSTEM,
              user: `Measurements: ${JSON.stringify(measurements)}. Size chart sizes: ${SIZES.join(", ")}. Our chart-based advice: ${JSON.stringify(base)}. Keep our recommendedSize unless the measurements clearly say otherwise. Reply as {"recommendedSize","fitDescription","tips","confidence"}.`,
            }),
          );
          return SIZES.includes(answer.recommendedSize) ? answer : null;
        },
        base,
        "size",
      );
    },

    async outfitIdeas(selectedItems: (typeof OUTFIT_ITEMS)[number][]): Promise<OutfitAnswer> {
      const base = await suggestOutfits({ db, selectedItems });
      return viaModel(
        async () =>
          outfitAnswerSchema.parse(
            await model!.completeJson({
              system: SYSTEM,
              user: `Selected VSOP pieces: ${selectedItems.join(", ")}. Our outfit ideas using in-stock products: ${JSON.stringify(base.outfitIdeas)}. Improve the wording, keep the same products. Reply as {"outfitIdeas": [..]}.`,
            }),
          ),
        base,
        "outfits",
      );
    },
  };
}

export type Stylist = ReturnType<typeof createStylist>;
