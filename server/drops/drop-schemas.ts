import { z } from "zod";
import { richTextSchema } from "../content/rich-text-schema";
import { DROP_BLOCK_TYPES, type DropBlockType } from "../../shared/drop-page";

/**
 * The staff's drop body (issue 48): POST /api/admin/drops takes it whole, PATCH /api/admin/drops/{id} any part of it.
 * Strict, so an unknown field is a 400 naming it. Times are ISO 8601 with an offset ("2026-12-01T09:00:00Z").
 */
const when = z.iso.datetime({ offset: true, error: "must be a date and time with its offset, like 2026-12-01T09:00:00Z" }).transform((s) => new Date(s));
const name = z.string().trim().min(1, "enter the drop's name").max(120, "use at most 120 characters");
const slug = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, "enter the drop's address")
  .max(60, "use at most 60 characters")
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, "use lower-case letters, digits and single hyphens (winter-drop)");
const productId = z.int("must be a product's id").positive("must be a product's id").max(2_147_483_647, "must be a product's id");
export const MAX_DROP_PRODUCTS = 100;
const productIds = z
  .array(productId)
  .min(1, "pick at least one product")
  .max(MAX_DROP_PRODUCTS, `a drop holds at most ${MAX_DROP_PRODUCTS} products`)
  .refine((ids) => new Set(ids).size === ids.length, "lists a product twice");
const limit = (max: number) => z.int("must be a whole number").min(1, "must be at least 1").max(max, `must be at most ${max}`).nullable();
const perCustomerLimit = z.object({ perProduct: limit(99).optional(), perDrop: limit(999).optional() }).strict();

const heading = z.string().trim().min(1, "enter a heading").max(120, "use at most 120 characters");
const text = (max: number) => z.string().trim().min(1, "enter the text").max(max, `use at most ${max} characters`);
export const MAX_FAQ_ITEMS = 30;

/** Each block type's settings (server/drops/drop-page.ts); the hero and the grid show the drop's own copy when left empty. */
export const DROP_BLOCK_SETTINGS = {
  drop_hero: z.object({ heading: heading.optional(), text: text(300).optional() }).strict(),
  drop_products: z.object({ title: heading.optional() }).strict(),
  rich_text: z.object({ doc: richTextSchema }).strict(),
  faq: z
    .object({
      heading: heading.optional(),
      items: z
        .array(z.object({ question: text(200), answer: text(2000) }).strict())
        .min(1, "add at least one question")
        .max(MAX_FAQ_ITEMS, `at most ${MAX_FAQ_ITEMS} questions`),
    })
    .strict(),
} satisfies Record<DropBlockType, z.ZodType>;

export type DropBlockSettings = { [T in DropBlockType]: z.output<(typeof DROP_BLOCK_SETTINGS)[T]> };

/** One block as staff save it: its settings are checked by its type's schema, errors under `settings.…`. */
const blockSchema = z
  .object({ type: z.enum(DROP_BLOCK_TYPES, "must be one of the drop page's block types"), settings: z.unknown().default({}) })
  .strict()
  .transform((b, ctx) => {
    const parsed = DROP_BLOCK_SETTINGS[b.type].safeParse(b.settings);
    if (parsed.success) return { type: b.type, settings: parsed.data as Record<string, unknown> };
    for (const issue of parsed.error.issues) {
      const message = issue.code === "unrecognized_keys" ? `Unknown field${issue.keys.length > 1 ? "s" : ""}: ${issue.keys.join(", ")}` : issue.message;
      ctx.addIssue({ code: "custom", message, path: ["settings", ...issue.path.map((p) => (typeof p === "symbol" ? String(p) : p))] });
    }
    return z.NEVER;
  });

export const MAX_DROP_BLOCKS = 20;

/** The hero holds the page's h1, so a page has at most one. */
const page = z
  .array(blockSchema)
  .max(MAX_DROP_BLOCKS, `at most ${MAX_DROP_BLOCKS} blocks`)
  .superRefine((blocks, ctx) => {
    const first = blocks.findIndex((b) => b.type === "drop_hero");
    const second = blocks.findIndex((b, i) => b.type === "drop_hero" && i > first);
    if (first >= 0 && second >= 0) ctx.addIssue({ code: "custom", path: [second, "type"], message: "a drop page has one hero (it holds the page's main heading): remove this one" });
  });

const fields = {
  name,
  slug,
  productIds,
  announceAt: when,
  earlyAccessAt: when.nullable().optional(),
  opensAt: when,
  preorderClosesAt: when,
  shipsAt: when,
  perCustomerLimit: perCustomerLimit.optional(),
  freeShipping: z.boolean("must be true or false"),
  limitedQuantities: z.boolean("must be true or false").optional(),
  admitPerMinute: z.int("must be a whole number").min(1, "must be at least 1").max(100_000, "must be at most 100000").nullable().optional(),
  checkoutMinutes: z.int("must be a whole number").min(1, "must be at least 1").max(120, "must be at most 120").optional(),
  page: page.optional(),
};

export interface DropTimes {
  announceAt: Date;
  earlyAccessAt: Date | null;
  opensAt: Date;
  preorderClosesAt: Date;
  shipsAt: Date;
}

/**
 * The first date out of order, as [field, what is wrong with it] ("opensAt", "must not be before announceAt"), or null. The order is announce ≤ early access ≤ open < close ≤
 * ships (the table's CHECK, with a drop that closes as it opens refused: it could never sell).
 */
export function dropDatesOutOfOrder(t: DropTimes): [keyof DropTimes, string] | null {
  if (t.earlyAccessAt && t.earlyAccessAt < t.announceAt) return ["earlyAccessAt", "must not be before announceAt"];
  if (t.earlyAccessAt && t.opensAt < t.earlyAccessAt) return ["opensAt", "must not be before earlyAccessAt"];
  if (t.opensAt < t.announceAt) return ["opensAt", "must not be before announceAt"];
  if (t.preorderClosesAt <= t.opensAt) return ["preorderClosesAt", "must be after opensAt"];
  if (t.shipsAt < t.preorderClosesAt) return ["shipsAt", "must not be before preorderClosesAt"];
  return null;
}

/** POST /api/admin/drops: a whole drop. */
export const dropFieldsSchema = z
  .object(fields)
  .strict()
  .superRefine((d, ctx) => {
    const wrong = dropDatesOutOfOrder({ ...d, earlyAccessAt: d.earlyAccessAt ?? null });
    if (wrong) ctx.addIssue({ code: "custom", path: [wrong[0]], message: wrong[1] });
  });

/** PATCH /api/admin/drops/{id}: any part; the dates are checked against the stored ones by the service. */
export const dropChangeSchema = z
  .object(fields)
  .partial()
  .strict()
  .refine((d) => Object.keys(d).length > 0, "send at least one field to change");

export type DropFields = z.output<typeof dropFieldsSchema>;
export type DropChange = z.output<typeof dropChangeSchema>;
export type DropPageInput = NonNullable<DropFields["page"]>;

/** GET /api/admin/drops/products?q=: the product picker's search (drafts included). */
export const dropProductSearchSchema = z.object({ q: z.string().trim().max(100, "use at most 100 characters").default("") }).strict();
