import { z } from "zod";
import { HOME_SECTION_TYPES, type HomeSectionType } from "../db/schema";
import { richTextSchema } from "../content/rich-text-schema";
import { MAX_SECTION_PRODUCTS, PRODUCT_GRID_SOURCES } from "./section-choices";
import { linkUrlSchema } from "./link-url";
import { storePhotoSchema } from "../media/photo-schemas";

/**
 * Each home section type's settings (issue 28), strict: an unknown field is a 400 naming it. The SPEC's own blocks
 * keep their copy in the components and take {} or an optional heading (and text) over it.
 */
const heading = z.string().trim().min(1, "enter a heading").max(120, "use at most 120 characters");
const text = (max: number) => z.string().trim().max(max, `use at most ${max} characters`);
const slug = z.string().trim().toLowerCase().min(1, "pick a collection").max(60).regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, "must be a collection's slug");
const limit = z.int("must be a whole number").min(1, "show at least 1 product").max(MAX_SECTION_PRODUCTS, `show at most ${MAX_SECTION_PRODUCTS} products`);

/** A store photo (../media/photo-schemas.ts) with its size, for the section's layout to hold its place. */
const sectionPhoto = storePhotoSchema.extend({ width: z.int().positive().max(20_000), height: z.int().positive().max(20_000) });

const headingOverride = z.object({ heading: heading.optional() }).strict();
const headingAndText = z.object({ heading: heading.optional(), text: text(300).min(1, "enter the text").optional() }).strict();
const none = z.object({}).strict();

export const SECTION_SETTINGS = {
  hero: headingOverride,
  featured_collection: z.object({ collection: slug, title: heading.optional(), limit }).strict(),
  product_grid: z
    .object({ title: heading, source: z.enum(PRODUCT_GRID_SOURCES.map(([value]) => value) as [string, ...string[]]), collection: slug.optional(), limit })
    .strict()
    .refine((s) => s.source !== "collection" || s.collection !== undefined, { path: ["collection"], message: "pick a collection" })
    .refine((s) => s.source === "collection" || s.collection === undefined, { path: ["collection"], message: "only a collection grid names a collection" }),
  rich_text: z.object({ doc: richTextSchema }).strict(),
  image_text: z
    .object({
      image: sectionPhoto,
      heading,
      text: text(600).min(1, "enter the text"),
      buttonLabel: text(40).min(1, "enter the button's label").optional(),
      buttonHref: linkUrlSchema.optional(),
      imageSide: z.enum(["left", "right"]).default("left"),
    })
    .strict()
    .refine((s) => (s.buttonLabel === undefined) === (s.buttonHref === undefined), { path: ["buttonHref"], message: "a button needs both a label and a link" }),
  newsletter: headingAndText,
  coming_soon: headingAndText,
  collection_banners: headingOverride,
  collection_links: none,
  feature_displays: none,
  vsop_strip: none,
  social_follow: headingOverride,
} satisfies Record<HomeSectionType, z.ZodType>;

export type SectionSettings = { [T in HomeSectionType]: z.output<(typeof SECTION_SETTINGS)[T]> };

const when = z.iso.datetime({ offset: true, error: "must be a date and time like 2026-12-01T09:00:00Z" }).transform((s) => new Date(s));

/** One section as staff save it: its settings are checked by its type's schema, errors under `settings.…`. */
const sectionSchema = z
  .object({
    type: z.enum(HOME_SECTION_TYPES, "must be one of the home section types"),
    settings: z.unknown().default({}),
    visible: z.boolean().default(true),
    startsAt: when.nullable().default(null),
    endsAt: when.nullable().default(null),
  })
  .strict()
  .refine((s) => !s.startsAt || !s.endsAt || s.startsAt < s.endsAt, { path: ["endsAt"], message: "must be after the start" })
  .transform((s, ctx) => {
    const parsed = SECTION_SETTINGS[s.type].safeParse(s.settings);
    if (parsed.success) return { ...s, settings: parsed.data as Record<string, unknown> };
    for (const issue of parsed.error.issues) {
      const message = issue.code === "unrecognized_keys" ? `Unknown field${issue.keys.length > 1 ? "s" : ""}: ${issue.keys.join(", ")}` : issue.message;
      ctx.addIssue({ code: "custom", message, path: ["settings", ...issue.path.map((p) => (typeof p === "symbol" ? String(p) : p))] });
    }
    return z.NEVER;
  });

export const MAX_HOME_SECTIONS = 40;

/** The hero holds the page's h1, so a page has at most one (without one, the page's h1 is the store's name, hidden). */
const sectionList = z
  .array(sectionSchema)
  .max(MAX_HOME_SECTIONS, `at most ${MAX_HOME_SECTIONS} sections`)
  .superRefine((sections, ctx) => {
    const second = sections.findIndex((s, i) => s.type === "hero" && sections.findIndex((t) => t.type === "hero") < i);
    if (second >= 0) ctx.addIssue({ code: "custom", path: [second, "type"], message: "the home page has one hero section (it holds the page's main heading): remove this one" });
  });

/** PUT /api/admin/home/sections: the whole ordered list (it replaces what is there). */
export const sectionsPutSchema = z.object({ sections: sectionList }).strict();

export type SectionInput = z.output<typeof sectionSchema>;
