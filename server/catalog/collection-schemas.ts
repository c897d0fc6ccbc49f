import { z } from "zod";
import { RESERVED_SLUGS } from "../../shared/taxonomy";

const slug = z
  .string()
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, "must be lowercase letters, digits and single dashes")
  .max(40)
  .refine((s) => !RESERVED_SLUGS.includes(s), "is taken by a store listing (sale, new, vsop, streetwear)");

const texts = {
  name: z.string().trim().min(1, "can't be empty").max(60),
  description: z.string().trim().max(300),
  hero: z.string().trim().max(160),
};

/** POST /api/admin/collections: a collection, or a subcategory of `parent` (a collection's slug). */
export const collectionFieldsSchema = z
  .object({ slug, ...texts, description: texts.description.default(""), hero: texts.hero.default(""), parent: slug.nullable().default(null) })
  .strict();
export type CollectionFields = z.output<typeof collectionFieldsSchema>;

/** PATCH /api/admin/collections/{id}: texts and place in the menu (1 is first). The slug stays: addresses keep working. */
export const collectionChangeSchema = z
  .object({ ...texts, position: z.number().int().min(1).max(1000) })
  .partial()
  .strict()
  .refine((v) => Object.keys(v).length > 0, "Nothing to change");
export type CollectionChange = z.output<typeof collectionChangeSchema>;
