import { z } from "zod";

const cents = z.number().int("must be a whole number of cents").min(1).max(10_000_000);
const centsOrNull = cents.nullable();
/** A unit's shipping weight; null: not known (weighs nothing for weight-based shipping rates). */
const grams = z.number().int("must be a whole number of grams").min(0, "must be from 0 to 1,000,000 grams").max(1_000_000, "must be from 0 to 1,000,000 grams");

/**
 * PATCH /api/admin/variants/{id}: price, compare-at price (null: not on sale), units on hand, SKU or barcode (null
 * clears it), weight in grams (null: not known).
 */
export const variantChangeSchema = z
  .object({
    priceCents: cents.optional(),
    compareAtCents: centsOrNull.optional(),
    onHand: z.number().int().min(0).max(1_000_000).optional(),
    sku: z.string().trim().regex(/^[A-Za-z0-9][A-Za-z0-9._/-]{0,63}$/, "must be 1-64 letters, digits, dots, dashes, slashes or underscores").optional(),
    barcode: z.string().trim().regex(/^[0-9A-Za-z-]{4,48}$/, "must be 4-48 digits or letters (GTIN, EAN, UPC, ISBN)").nullable().optional(),
    weightGrams: grams.nullable().optional(),
  })
  .strict()
  .refine((v) => Object.keys(v).length > 0, "Nothing to change");
export type VariantChange = z.output<typeof variantChangeSchema>;

/** A call that takes no fields (POST /api/admin/feed-token): `{}` only, so a typo is a 400, not ignored. */
export const emptyBodySchema = z.object({}).strict();

export const GARMENTS = ["tshirt", "longsleeve", "hoodie", "jacket", "jeans", "pants", "shorts", "dress", "skirt", "top", "cap", "beanie", "bag", "scarf", "belt", "socks", "onesie", "set", "giftcard"] as const;
const slug = z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, "must be lowercase letters, digits and single dashes").max(80);
const optionValues = (what: string) =>
  z
    .array(z.string().trim().min(1).max(40))
    .min(1, `needs at least one ${what}`)
    .max(30)
    .refine((values) => new Set(values.map((v) => v.toLowerCase())).size === values.length, `each ${what} only once`);

/** Every field a product has, none defaulted: the shape of a change. */
const productShape = {
  name: z.string().trim().min(1).max(200),
  handle: slug,
  description: z.string().trim().max(20_000),
  status: z.enum(["draft", "active", "archived"]),
  category: slug,
  subcategory: slug.nullable(),
  tags: z.array(z.string().trim().min(1).max(40)).max(50),
  garment: z.enum(GARMENTS, "must be one of the illustration kinds"),
  priceCents: cents,
  compareAtCents: cents.nullable(),
  colors: optionValues("colour"),
  sizes: optionValues("size"),
  featured: z.boolean(),
  isNew: z.boolean(),
  trending: z.boolean(),
  bestseller: z.boolean(),
  hot: z.boolean(),
  preorder: z.boolean(),
  /** What the product is taxed as; null: the default tax category. */
  taxCategoryId: z.number().int("must be a tax category id").min(1, "must be a tax category id").max(2_147_483_647, "must be a tax category id").nullable(),
};

/** POST /api/admin/products: prices in cents; colours × sizes make its variants; a new product is a draft by default. */
export const productFieldsSchema = z
  .object({
    ...productShape,
    handle: slug.optional(),
    description: productShape.description.default(""),
    status: productShape.status.default("draft"),
    subcategory: productShape.subcategory.default(null),
    tags: productShape.tags.default([]),
    garment: productShape.garment.default("tshirt"),
    compareAtCents: productShape.compareAtCents.default(null),
    featured: z.boolean().default(false),
    isNew: z.boolean().default(false),
    trending: z.boolean().default(false),
    bestseller: z.boolean().default(false),
    hot: z.boolean().default(false),
    preorder: z.boolean().default(false),
    taxCategoryId: productShape.taxCategoryId.default(null),
  })
  .strict();
export type ProductFields = z.output<typeof productFieldsSchema>;

/** PATCH /api/admin/products/{id}: any subset of the fields; absent ones stay as they are. */
export const productChangeSchema = z
  .object(productShape)
  .partial()
  .strict()
  .refine((v) => Object.keys(v).length > 0, "Nothing to change");
export type ProductChange = z.output<typeof productChangeSchema>;

/** POST /api/admin/catalog/import: a Shopify product CSV's text; a dry run reports without writing. */
export const catalogImportSchema = z
  .object({
    csv: z.string().min(1, "The file is empty").max(25_000_000),
    dryRun: z.boolean(),
    defaultCollection: slug.default("men"),
  })
  .strict();

/** POST /api/admin/bulk-edit: many variants' prices, compare-at prices, stock levels and weights, saved together or not at all. */
export const bulkEditSchema = z
  .object({
    variants: z
      .array(
        z
          .object({ id: z.number().int().positive(), priceCents: cents.optional(), compareAtCents: centsOrNull.optional(), onHand: z.number().int().min(0).max(1_000_000).optional(), weightGrams: grams.nullable().optional() })
          .strict()
          .refine((v) => Object.keys(v).length > 1, "Nothing to change in this row"),
      )
      .min(1, "Nothing to save")
      .max(5000),
  })
  .strict();
export type BulkEdit = z.output<typeof bulkEditSchema>;

/** POST /api/admin/products/{id}/photos?alt=&color= (the body is the image). */
export const photoQuery = z.object({ alt: z.string().trim().max(250).optional(), color: z.string().trim().max(40).optional() }).strict();

/** PATCH /api/admin/photos/{id}: alt text (required, so never empty), colour (null: every colour), place in the order. */
export const photoChangeSchema = z
  .object({ alt: z.string().trim().min(1, "Alt text can't be empty: say what the photo shows").max(250).optional(), color: z.string().trim().min(1).max(40).nullable().optional(), position: z.number().int().min(1).max(1000).optional() })
  .strict()
  .refine((v) => Object.keys(v).length > 0, "Nothing to change");
