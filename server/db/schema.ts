import { sql } from "drizzle-orm";
import {
  boolean,
  customType,
  check,
  index,
  integer,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  unique,
  uuid,
  type AnyPgColumn,
} from "drizzle-orm/pg-core";

const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

/** Top-level categories (parent_id null) and their subcategories. */
export const categories = pgTable(
  "categories",
  {
    id: serial("id").primaryKey(),
    slug: text("slug").notNull(),
    name: text("name").notNull(),
    parentId: integer("parent_id").references((): AnyPgColumn => categories.id),
    position: integer("position").notNull().default(0),
  },
  (t) => [
    unique("categories_parent_slug_key").on(t.parentId, t.slug).nullsNotDistinct(),
    check("categories_slug_format", sql`${t.slug} ~ '^[a-z0-9]+(-[a-z0-9]+)*$'`),
  ],
);

export const products = pgTable(
  "products",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    description: text("description").notNull(),
    priceCents: integer("price_cents").notNull(),
    /** The former price when the product is on sale. */
    compareAtCents: integer("compare_at_cents"),
    categoryId: integer("category_id")
      .notNull()
      .references(() => categories.id),
    subcategoryId: integer("subcategory_id").references(() => categories.id),
    /** Which illustration the image generator draws (see server/catalog/images). */
    garment: text("garment").notNull(),
    /** Display order of the colour-ways and sizes; stock lives in variants. */
    colors: text("colors").array().notNull(),
    sizes: text("sizes").array().notNull(),
    rating: numeric("rating", { precision: 2, scale: 1, mode: "number" }).notNull().default(0),
    reviewCount: integer("review_count").notNull().default(0),
    featured: boolean("featured").notNull().default(false),
    isNew: boolean("is_new").notNull().default(false),
    preorder: boolean("preorder").notNull().default(false),
    trending: boolean("trending").notNull().default(false),
    bestseller: boolean("bestseller").notNull().default(false),
    hot: boolean("hot").notNull().default(false),
    /** Category, subcategory, colour and garment words for search (see server/catalog/keywords.ts). */
    keywords: text("keywords").notNull().default(""),
    searchVector: tsvector("search_vector").generatedAlwaysAs(
      sql`setweight(to_tsvector('english'::regconfig, name), 'A') || setweight(to_tsvector('english'::regconfig, keywords), 'B') || setweight(to_tsvector('english'::regconfig, description), 'C')`,
    ),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("products_price_positive", sql`${t.priceCents} > 0`),
    check(
      "products_compare_at_above_price",
      sql`${t.compareAtCents} is null or ${t.compareAtCents} > ${t.priceCents}`,
    ),
    check("products_rating_range", sql`${t.rating} between 0 and 5`),
    check("products_review_count_nonnegative", sql`${t.reviewCount} >= 0`),
    check("products_has_colors", sql`cardinality(${t.colors}) > 0`),
    check("products_has_sizes", sql`cardinality(${t.sizes}) > 0`),
    index("products_newest_idx").on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("products_category_newest_idx").on(t.categoryId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("products_subcategory_newest_idx").on(t.subcategoryId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("products_price_idx").on(t.priceCents, t.id),
    index("products_rating_idx").on(t.rating.desc().nullsFirst(), t.reviewCount.desc().nullsFirst(), t.id),
    index("products_colors_idx").using("gin", t.colors),
    index("products_sizes_idx").using("gin", t.sizes),
    index("products_search_idx").using("gin", t.searchVector),
    index("products_sale_idx").on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()).where(sql`${t.compareAtCents} is not null`),
    index("products_new_idx").on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()).where(sql`${t.isNew}`),
  ],
);

/** One row per product × colour × size; the unit of stock. */
export const variants = pgTable(
  "variants",
  {
    id: serial("id").primaryKey(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    color: text("color").notNull(),
    size: text("size").notNull(),
    sku: text("sku").notNull().unique(),
    onHand: integer("on_hand").notNull().default(0),
    reserved: integer("reserved").notNull().default(0),
  },
  (t) => [
    unique("variants_product_color_size_key").on(t.productId, t.color, t.size),
    check("variants_on_hand_nonnegative", sql`${t.onHand} >= 0`),
    check("variants_reserved_range", sql`${t.reserved} >= 0 and ${t.reserved} <= ${t.onHand}`),
  ],
);

/** An anonymous or signed-in shopper's cart; the browser holds a random token, the database only its hash. */
export const carts = pgTable("carts", {
  id: uuid("id").primaryKey().defaultRandom(),
  tokenHash: text("token_hash").notNull().unique(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export const cartItems = pgTable(
  "cart_items",
  {
    id: serial("id").primaryKey(),
    cartId: uuid("cart_id")
      .notNull()
      .references(() => carts.id, { onDelete: "cascade" }),
    variantId: integer("variant_id")
      .notNull()
      .references(() => variants.id, { onDelete: "cascade" }),
    quantity: integer("quantity").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique("cart_items_cart_variant_key").on(t.cartId, t.variantId),
    check("cart_items_quantity_range", sql`${t.quantity} between 1 and 99`),
  ],
);

export type CategoryRow = typeof categories.$inferSelect;
export type ProductRow = typeof products.$inferSelect;
export type VariantRow = typeof variants.$inferSelect;
