import { z } from "zod";
import { BODY_TYPES, COLOR_CHOICES, FITS, OCCASIONS, OUTFIT_ITEMS, STYLES } from "./stylist-choices";

export { BODY_TYPES, COLOR_CHOICES, FITS, OCCASIONS, OUTFIT_ITEMS, STYLES };

const freeText = z.string().trim().max(60, "is too long");
const optionalText = freeText.optional().or(z.literal("").transform(() => undefined));

/** POST /api/ai/style-recommendation; no field is required (SPEC §5). */
export const styleRequestSchema = z
  .object({
    userPreferences: z
      .object({
        style: z.enum(STYLES).optional(),
        occasion: z.enum(OCCASIONS).optional(),
        budget: z.string().trim().max(60, "is too long").optional(),
        bodyType: z.enum(BODY_TYPES).optional(),
        colorPreferences: z.array(z.enum(COLOR_CHOICES)).max(COLOR_CHOICES.length).default([]),
      })
      .strict(),
  })
  .strict();

/** POST /api/ai/size-guidance; measurements are free text ("5'10\"", "178 cm"). */
export const sizeRequestSchema = z
  .object({
    measurements: z
      .object({ height: optionalText, weight: optionalText, chest: optionalText, waist: optionalText, preferredFit: z.enum(FITS).default("regular") })
      .strict(),
    /** The product being sized (asked from its page): its buyers' fit verdict moves the advice. */
    productId: z.number().int().min(1, "must be a product id").max(2_147_483_647, "must be a product id").optional(),
  })
  .strict();

/** POST /api/ai/outfit-ideas: at least one item (SPEC §5). */
export const outfitRequestSchema = z
  .object({ selectedItems: z.array(z.enum(OUTFIT_ITEMS)).min(1, "Choose at least one item").max(OUTFIT_ITEMS.length) })
  .strict();

export type StylePreferences = z.infer<typeof styleRequestSchema>["userPreferences"];
export type Measurements = z.infer<typeof sizeRequestSchema>["measurements"];

export const suggestedItemSchema = z.object({ id: z.number().int(), name: z.string(), price: z.number(), color: z.string(), image: z.string(), url: z.string() });

/** The answers (SPEC §3); the language model's output is checked against the same shapes. */
export const styleAnswerSchema = z.object({
  recommendation: z.string().min(1),
  reasoning: z.string().min(1),
  suggestedItems: z.array(suggestedItemSchema),
  confidence: z.number().min(0).max(1),
});
export const sizeAnswerSchema = z.object({
  recommendedSize: z.string().min(1),
  fitDescription: z.string().min(1),
  tips: z.array(z.string()),
  confidence: z.number().min(0).max(1),
});
export const outfitAnswerSchema = z.object({ outfitIdeas: z.array(z.string().min(1)).min(1) });

export type StyleAnswer = z.infer<typeof styleAnswerSchema>;
export type SizeAnswer = z.infer<typeof sizeAnswerSchema>;
export type OutfitAnswer = z.infer<typeof outfitAnswerSchema>;
export type SuggestedItem = z.infer<typeof suggestedItemSchema>;
