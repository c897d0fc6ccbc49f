import { z } from "zod";
import { CONTENT_KINDS, CONTENT_STATUSES } from "../db/schema";
import { storePhotoSchema } from "../media/photo-schemas";
import { richTextSchema } from "./rich-text-schema";

/** An empty text is "none" (what a form's empty field sends). */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullable()
    .transform((s) => (s ? s : null));

/** A cover is a photo upload (../media/photo-schemas.ts), or one of the pictures the store ships (the seeded articles' covers). */
const shippedCover = z
  .object({ src: z.string().regex(/^\/images\/[a-z0-9/_-]+\.(svg|png|jpe?g|webp|avif)$/, "must be a photo upload or one of the store's own pictures"), alt: storePhotoSchema.shape.alt })
  .strict();

const coverSchema = z.union([storePhotoSchema, shippedCover], "a cover is a photo upload ({ key, widths, alt }) or one of the store's pictures ({ src, alt })");

const fields = {
  slug: z.string().trim().toLowerCase().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, "use lower-case letters, digits and single hyphens").max(80),
  title: z.string().trim().min(1, "a title is required").max(200),
  excerpt: z.string().trim().max(500),
  body: richTextSchema,
  cover: coverSchema.nullable(),
  author: optionalText(100),
  category: optionalText(60),
  tags: z.array(z.string().trim().min(1).max(40)).max(20),
  featured: z.boolean(),
  readTime: optionalText(40),
  seoTitle: optionalText(120),
  seoDescription: optionalText(320),
  status: z.enum(CONTENT_STATUSES),
  publishAt: z.iso.datetime({ offset: true }).transform((s) => new Date(s)).nullable(),
};

/** POST /api/admin/content */
export const entryFieldsSchema = z
  .object({
    kind: z.enum(CONTENT_KINDS),
    ...fields,
    excerpt: fields.excerpt.default(""),
    cover: fields.cover.default(null),
    author: fields.author.default(null),
    category: fields.category.default(null),
    tags: fields.tags.default([]),
    featured: fields.featured.default(false),
    readTime: fields.readTime.default(null),
    seoTitle: fields.seoTitle.default(null),
    seoDescription: fields.seoDescription.default(null),
    status: fields.status.default("draft"),
    publishAt: fields.publishAt.default(null),
  })
  .strict();

/** PATCH /api/admin/content/:id: any of the fields (the kind never changes). */
export const entryChangeSchema = z
  .object(fields)
  .partial()
  .strict()
  .refine((c) => Object.keys(c).length > 0, "Nothing to change");

/** GET /api/admin/content?kind=post&status=draft&q=… */
export const entryListQuery = z
  .object({ kind: z.enum(CONTENT_KINDS).optional(), status: z.enum(CONTENT_STATUSES).optional(), q: z.string().trim().max(100).optional() })
  .strict();

export type EntryFields = z.infer<typeof entryFieldsSchema>;
export type EntryChange = z.infer<typeof entryChangeSchema>;
