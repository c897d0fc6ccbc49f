import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  customType,
  date,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgSequence,
  primaryKey,
  pgTable,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from "drizzle-orm/pg-core";
import type { RichTextDoc } from "../../shared/rich-text";

import { FITS } from "../../shared/reviews";
import { CONSENT_SCOPES } from "../../shared/consent";
import { RECOVERY_AUDIENCES, RECOVERY_SKIP_REASONS } from "../../shared/recovery";
import { FUNNEL_STAGES } from "../../shared/funnel";

const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

/** Top-level categories (parent_id null) and their subcategories. */
export const categories = pgTable(
  "categories",
  {
    id: serial("id").primaryKey(),
    slug: text("slug").notNull(),
    name: text("name").notNull(),
    parentId: integer("parent_id").references((): AnyPgColumn => categories.id),
    /** Menu order among its siblings. */
    position: integer("position").notNull().default(0),
    /** Home banner text and meta description (collections); a short intro (subcategories). */
    description: text("description").notNull().default(""),
    /** The line under a category page's heading. */
    hero: text("hero").notNull().default(""),
  },
  (t) => [
    unique("categories_parent_slug_key").on(t.parentId, t.slug).nullsNotDistinct(),
    check("categories_slug_format", sql`${t.slug} ~ '^[a-z0-9]+(-[a-z0-9]+)*$'`),
  ],
);

/** Only active products are for sale: listed, searchable, with a page, in the sitemap and the feed. */
export const PRODUCT_STATUSES = ["draft", "active", "archived"] as const;
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];

/**
 * A product's name as the search compares it for an exact or a leading match: lower case, words split by anything but
 * letters and digits (server/search/query-words.ts's nameKey, in SQL). The index below holds it, so the header's
 * suggestions find the names that start with what was typed without reading every match.
 */
export const productNameKey = (name: AnyPgColumn) => sql`trim(lower(regexp_replace(${name}, '[^[:alnum:]]+', ' ', 'g')))`;

export const products = pgTable(
  "products",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    /** The URL handle (Shopify's): /products/{handle} answers 301 to /product/{id}. */
    handle: text("handle").notNull().unique(),
    status: text("status", { enum: PRODUCT_STATUSES }).notNull().default("active"),
    tags: text("tags").array().notNull().default(sql`'{}'::text[]`),
    description: text("description").notNull(),
    /**
     * The cheapest variant's price and its compare-at price (the "from" price cards, sorting, filters and the sale list
     * use), kept by server/catalog/product-prices.ts whenever a variant's price changes. Variants own the prices.
     */
    priceCents: integer("price_cents").notNull(),
    compareAtCents: integer("compare_at_cents"),
    categoryId: integer("category_id")
      .notNull()
      .references(() => categories.id),
    subcategoryId: integer("subcategory_id").references(() => categories.id),
    /** What the product is taxed as; null: the default tax category. */
    taxCategoryId: integer("tax_category_id").references((): AnyPgColumn => taxCategories.id, { onDelete: "set null" }),
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
    /**
     * A gift card (issue 51): its sizes are the amounts staff sell. Never taxed when bought, never shipped; paying for
     * one issues a card (server/gift-cards/issue-bought-cards.ts). Kept out of the Meta feed.
     */
    giftCard: boolean("gift_card").notNull().default(false),
    trending: boolean("trending").notNull().default(false),
    bestseller: boolean("bestseller").notNull().default(false),
    hot: boolean("hot").notNull().default(false),
    /** Category, subcategory, colour and garment words for search (see server/catalog/keywords.ts). */
    keywords: text("keywords").notNull().default(""),
    searchVector: tsvector("search_vector").generatedAlwaysAs(
      sql`setweight(to_tsvector('english'::regconfig, name), 'A') || setweight(to_tsvector('english'::regconfig, keywords), 'B') || setweight(to_tsvector('english'::regconfig, description), 'C')`,
    ),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** When the product's page last changed (the sitemap's lastmod). */
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => {
    // Listing indexes cover active products only: the storefront's queries all say status = 'active', and drafts and
    // archived products stay out of its index scans and capped counts.
    const activeOnly = sql`${t.status} = 'active'`;
    return [
      check("products_status_known", sql`${t.status} in ('draft', 'active', 'archived')`),
      check("products_handle_format", sql`${t.handle} ~ '^[a-z0-9]+(-[a-z0-9]+)*$'`),
      check("products_price_positive", sql`${t.priceCents} > 0`),
      check(
        "products_compare_at_above_price",
        sql`${t.compareAtCents} is null or ${t.compareAtCents} > ${t.priceCents}`,
      ),
      check("products_rating_range", sql`${t.rating} between 0 and 5`),
      check("products_review_count_nonnegative", sql`${t.reviewCount} >= 0`),
      check("products_has_colors", sql`cardinality(${t.colors}) > 0`),
      check("products_has_sizes", sql`cardinality(${t.sizes}) > 0`),
      index("products_newest_idx").on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()).where(activeOnly),
      index("products_category_newest_idx").on(t.categoryId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()).where(activeOnly),
      index("products_subcategory_newest_idx").on(t.subcategoryId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()).where(activeOnly),
      index("products_price_idx").on(t.priceCents, t.id).where(activeOnly),
      index("products_category_price_idx").on(t.categoryId, t.priceCents, t.id).where(activeOnly),
      index("products_subcategory_price_idx").on(t.subcategoryId, t.priceCents, t.id).where(activeOnly),
      index("products_rating_idx").on(t.rating.desc().nullsFirst(), t.reviewCount.desc().nullsFirst(), t.id).where(activeOnly),
      index("products_category_rating_idx").on(t.categoryId, t.rating.desc().nullsFirst(), t.reviewCount.desc().nullsFirst(), t.id).where(activeOnly),
      index("products_subcategory_rating_idx").on(t.subcategoryId, t.rating.desc().nullsFirst(), t.reviewCount.desc().nullsFirst(), t.id).where(activeOnly),
      index("products_colors_idx").using("gin", t.colors),
      index("products_sizes_idx").using("gin", t.sizes),
      index("products_search_idx").using("gin", t.searchVector),
      // The staff search (server/admin-search): a name's words by prefix, and handles starting with what was typed.
      index("products_name_words_idx").using("gin", sql`to_tsvector('simple'::regconfig, ${t.name})`),
      index("products_handle_prefix_idx").using("btree", sql`${t.handle} text_pattern_ops`),
      index("products_name_key_idx").using("btree", sql`(${productNameKey(t.name)}) text_pattern_ops`).where(activeOnly),
      index("products_sale_idx").on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()).where(sql`${t.compareAtCents} is not null and ${t.status} = 'active'`),
      index("products_new_idx").on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()).where(sql`${t.isNew} and ${t.status} = 'active'`),
    ];
  },
);

/** Old handles of renamed products, so their /products/{handle} links keep working (301 to the product). */
export const productHandleRedirects = pgTable("product_handle_redirects", {
  handle: text("handle").primaryKey(),
  productId: integer("product_id")
    .notNull()
    .references(() => products.id, { onDelete: "cascade" }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Staff photos of a product, in display order; each may belong to one colour. Files live in the media store. */
export const productImages = pgTable(
  "product_images",
  {
    id: serial("id").primaryKey(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    /** The colour-way it shows, or null for every colour. */
    color: text("color"),
    alt: text("alt").notNull(),
    /** Media store key (hash of the original's bytes) and the original's size. */
    fileKey: text("file_key").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    /** The derivative widths made (each in AVIF, WebP and JPEG). */
    widths: integer("widths").array().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("product_images_product_idx").on(t.productId, t.position), check("product_images_alt_present", sql`length(trim(${t.alt})) > 0`)],
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
    /** GTIN, EAN, UPC or ISBN, as merchants import it; optional. */
    barcode: text("barcode"),
    /** What a shopper pays for one; an order keeps the price it was placed at. */
    priceCents: integer("price_cents").notNull(),
    /** The former price when this variant is on sale. */
    compareAtCents: integer("compare_at_cents"),
    onHand: integer("on_hand").notNull().default(0),
    reserved: integer("reserved").notNull().default(0),
    /**
     * Raised by every write that changes on_hand or reserved (a trigger, migration 0039), whatever wrote it: of two
     * figures for a variant's stock, the higher version is the later (decision 0043).
     */
    stockVersion: integer("stock_version").notNull().default(0),
    /** When on_hand last fell to 0 (the same trigger, migration 0044): the sell-through report's "last sold out". */
    soldOutAt: timestamp("sold_out_at", { withTimezone: true }),
    /** Shipping weight of one unit in grams (Shopify's Variant Grams); null counts as nothing. */
    weightGrams: integer("weight_grams"),
  },
  (t) => [
    check("variants_weight_range", sql`${t.weightGrams} is null or ${t.weightGrams} between 0 and 1000000`),
    unique("variants_product_color_size_key").on(t.productId, t.color, t.size),
    check("variants_price_positive", sql`${t.priceCents} > 0`),
    check("variants_compare_at_above_price", sql`${t.compareAtCents} is null or ${t.compareAtCents} > ${t.priceCents}`),
    check("variants_on_hand_nonnegative", sql`${t.onHand} >= 0`),
    check("variants_reserved_range", sql`${t.reserved} >= 0 and ${t.reserved} <= ${t.onHand}`),
    // The staff search: SKUs starting with what was typed (any case), and barcodes exactly.
    index("variants_sku_prefix_idx").using("btree", sql`upper(${t.sku}) text_pattern_ops`),
    index("variants_barcode_idx").on(t.barcode).where(sql`${t.barcode} is not null`),
  ],
);

/**
 * Staff roles: a named set of permissions (shared/staff-permissions.ts). The built-in roles have a key (owner, manager,
 * fulfilment, content_editor); the Owner's permissions are every permission and can't be edited.
 */
export const staffRoles = pgTable(
  "staff_roles",
  {
    id: serial("id").primaryKey(),
    /** Set on the built-in roles only. */
    key: text("key").unique(),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    builtin: boolean("builtin").notNull().default(false),
    permissions: text("permissions").array().notNull().default(sql`'{}'::text[]`),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("staff_roles_name_key").on(sql`lower(${t.name})`),
    check("staff_roles_builtin_key", sql`${t.builtin} = (${t.key} is not null)`),
    check("staff_roles_name_length", sql`char_length(${t.name}) between 1 and 60`),
    check(
      "staff_roles_permissions_known",
      sql`${t.permissions} <@ array['orders.read', 'orders.fulfil', 'orders.edit', 'refunds', 'products.write', 'content.write', 'discounts.write', 'drops.write', 'customers.read', 'customers.credit', 'giftcards.write', 'customers.export', 'reports.read', 'settings', 'staff.manage']::text[]`,
    ),
  ],
);

export const ROLES = ["customer", "admin"] as const;
export type Role = (typeof ROLES)[number];

export const users = pgTable(
  "users",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    username: text("username").notNull(),
    email: text("email").notNull(),
    name: text("name").notNull(),
    passwordHash: text("password_hash").notNull(),
    role: text("role").$type<Role>().notNull().default("customer"),
    /** A staff member's role (users with role 'admin' are staff, and have one). */
    staffRoleId: integer("staff_role_id").references(() => staffRoles.id, { onDelete: "restrict" }),
    /** When the owner proved the email is theirs (a link); unverified accounts can shop. */
    emailVerifiedAt: timestamp("email_verified_at", { withTimezone: true }),
    /** A suspended staff member can't sign in; suspending ends their sessions (issue 29). */
    suspendedAt: timestamp("suspended_at", { withTimezone: true }),
    /** The TOTP secret (base32) once confirmed with a code; a second factor for staff (issue 29). */
    totpSecret: text("totp_secret"),
    /** A secret shown on the set-up page, waiting for its first code. */
    totpPendingSecret: text("totp_pending_secret"),
    /** The time step of the last accepted code: a code of that step or an earlier one is never accepted again. */
    totpLastStep: bigint("totp_last_step", { mode: "number" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("users_username_key").on(sql`lower(${t.username})`),
    uniqueIndex("users_email_key").on(sql`lower(${t.email})`),
    // The staff search: accounts whose email or name starts with what was typed.
    index("users_email_prefix_idx").using("btree", sql`lower(${t.email}) text_pattern_ops`),
    index("users_name_prefix_idx").using("btree", sql`lower(${t.name}) text_pattern_ops`),
    check("users_role_known", sql`${t.role} in ('customer', 'admin')`),
    check("users_staff_role", sql`(${t.role} = 'admin') = (${t.staffRoleId} is not null)`),
    index("users_staff_role_idx").on(t.staffRoleId).where(sql`${t.staffRoleId} is not null`),
  ],
);

/** Signed-in sessions: the browser holds a random token, the database its SHA-256 (the id). */
export const sessions = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    /** The browser's User-Agent at sign-in, so the account page can name the device. */
    userAgent: text("user_agent"),
    /** When this session last gave a second factor (staff: a TOTP code, a passkey or a recovery code); null before. */
    secondFactorAt: timestamp("second_factor_at", { withTimezone: true }),
  },
  (t) => [index("sessions_user_idx").on(t.userId)],
);

/** A signed-in shopper's saved shipping addresses; at most one is the default checkout offers first. */
export const addresses = pgTable(
  "addresses",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    line1: text("line1").notNull(),
    line2: text("line2"),
    city: text("city").notNull(),
    region: text("region").notNull(),
    postalCode: text("postal_code").notNull(),
    country: text("country").notNull(),
    isDefault: boolean("is_default").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("addresses_user_idx").on(t.userId, t.createdAt), uniqueIndex("addresses_one_default").on(t.userId).where(sql`${t.isDefault}`)],
);

/** Passkeys (WebAuthn credentials) a shopper signs in with; the id is the credential's, base64url. */
export const passkeys = pgTable(
  "passkeys",
  {
    id: text("id").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The COSE public key, base64url. */
    publicKey: text("public_key").notNull(),
    /** Synced passkeys always report 0, which is accepted. */
    counter: integer("counter").notNull().default(0),
    transports: text("transports").array().notNull().default(sql`'{}'::text[]`),
    deviceType: text("device_type").notNull(),
    backedUp: boolean("backed_up").notNull(),
    name: text("name").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
  },
  (t) => [index("passkeys_user_idx").on(t.userId)],
);

/** A staff member's single-use recovery codes (ten at a time, SHA-256 hashed: they are random, not passwords). */
export const recoveryCodes = pgTable(
  "recovery_codes",
  {
    id: serial("id").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("recovery_codes_user_code_key").on(t.userId, t.codeHash)],
);

/**
 * Staff invitations: the owner names an email and a role; the emailed link holds a random token (only its SHA-256 is
 * kept), works once, within 72 hours. Accepting makes the account (password first, then a second factor).
 */
export const staffInvitations = pgTable(
  "staff_invitations",
  {
    id: serial("id").primaryKey(),
    email: text("email").notNull(),
    name: text("name").notNull(),
    roleId: integer("role_id")
      .notNull()
      .references(() => staffRoles.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull().unique(),
    invitedBy: text("invited_by").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [index("staff_invitations_email_idx").on(sql`lower(${t.email})`)],
);

/** A WebAuthn ceremony's challenge: made by the server, used once, for 5 minutes. */
export const webauthnChallenges = pgTable("webauthn_challenges", {
  id: uuid("id").primaryKey().defaultRandom(),
  challenge: text("challenge").notNull(),
  /** Whose passkey is being added; null while signing in (the passkey says whose it is). */
  userId: uuid("user_id").references(() => users.id, { onDelete: "cascade" }),
  purpose: text("purpose", { enum: ["register", "authenticate"] }).notNull(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  usedAt: timestamp("used_at", { withTimezone: true }),
});

export const AUTH_TOKEN_PURPOSES = ["reset", "verify", "email_change"] as const;
export type AuthTokenPurpose = (typeof AUTH_TOKEN_PURPOSES)[number];

/**
 * Emailed one-time links (password reset, email verification, email change): the link holds a random 256-bit token,
 * the database only its SHA-256. Used once (an atomic update), expiring; a new one voids the user's earlier ones.
 */
export const authTokens = pgTable(
  "auth_tokens",
  {
    id: serial("id").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    purpose: text("purpose", { enum: AUTH_TOKEN_PURPOSES }).notNull(),
    tokenHash: text("token_hash").notNull().unique(),
    /** The address an email change moves to, once confirmed. */
    newEmail: text("new_email"),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("auth_tokens_purpose_known", sql`${t.purpose} in ('reset', 'verify', 'email_change')`), index("auth_tokens_user_idx").on(t.userId, t.purpose)],
);

export const favorites = pgTable(
  "favorites",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.productId] })],
);

/** Failed sign-ins and sign-ups by key (account, IP): rate-limit state shared by every app instance. */
export const authAttempts = pgTable(
  "auth_attempts",
  {
    id: serial("id").primaryKey(),
    key: text("key").notNull(),
    attemptedAt: timestamp("attempted_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("auth_attempts_key_idx").on(t.key, t.attemptedAt)],
);

/** An anonymous or signed-in shopper's cart; the browser holds a random token, the database only its hash. */
export const carts = pgTable(
  "carts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tokenHash: text("token_hash").notNull().unique(),
    /** Set once a shopper signs in: the cart then follows the account, not the cookie. */
    userId: uuid("user_id").references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("carts_user_key").on(t.userId).where(sql`${t.userId} is not null`)],
);

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
    /** A gift card's line: who it is emailed to (null: the buyer), a note, and the day it goes out (null: once paid). */
    giftRecipientEmail: text("gift_recipient_email"),
    giftMessage: text("gift_message"),
    giftSendAt: timestamp("gift_send_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique("cart_items_cart_variant_key").on(t.cartId, t.variantId),
    check("cart_items_quantity_range", sql`${t.quantity} between 1 and 99`),
  ],
);

export const ORDER_STATUSES = ["pending", "paid", "processing", "shipped", "delivered", "failed", "canceled", "expired", "refunded"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** Human order numbers: VS-100100, VS-100101, ... */
export const orderNumberSequence = pgSequence("order_number_seq", { startWith: 100100 });

export const orders = pgTable(
  "orders",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderNumber: text("order_number").notNull().unique(),
    cartId: uuid("cart_id").references(() => carts.id, { onDelete: "set null" }),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    status: text("status").$type<OrderStatus>().notNull().default("pending"),
    email: text("email").notNull(),
    shippingName: text("shipping_name").notNull(),
    shippingLine1: text("shipping_line1").notNull(),
    shippingLine2: text("shipping_line2"),
    shippingCity: text("shipping_city").notNull(),
    shippingRegion: text("shipping_region").notNull(),
    shippingPostalCode: text("shipping_postal_code").notNull(),
    shippingCountry: text("shipping_country").notNull(),
    discountCode: text("discount_code"),
    subtotalCents: integer("subtotal_cents").notNull(),
    discountCents: integer("discount_cents").notNull(),
    shippingCents: integer("shipping_cents").notNull(),
    taxCents: integer("tax_cents").notNull(),
    totalCents: integer("total_cents").notNull(),
    /** The shipping rate chosen: its name and delivery days as charged, and what it cost before a free-shipping code. */
    shippingMethod: text("shipping_method"),
    shippingMinDays: integer("shipping_min_days"),
    shippingMaxDays: integer("shipping_max_days"),
    shippingBeforeDiscountCents: integer("shipping_before_discount_cents"),
    /** The prices held the tax (taxCents is part of the subtotal, not added to it). */
    taxIncluded: boolean("tax_included").notNull().default(false),
    /** Who computed the tax (manual tables or Stripe Tax), its calculation, and the transaction recorded after payment. */
    taxProvider: text("tax_provider").notNull().default("manual"),
    taxCalculationId: text("tax_calculation_id"),
    taxTransactionId: text("tax_transaction_id"),
    /** Fingerprint of the cart lines and amount the order was made from, to reuse it when checkout is retried. */
    cartFingerprint: text("cart_fingerprint").notNull(),
    paymentProvider: text("payment_provider").notNull(),
    paymentIntentId: text("payment_intent_id").unique(),
    /** held: stock reserved; committed: taken from on_hand at payment; released: given back. */
    stockState: text("stock_state").$type<"held" | "committed" | "released">().notNull().default("held"),
    reservationExpiresAt: timestamp("reservation_expires_at", { withTimezone: true }).notNull(),
    paymentError: text("payment_error"),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    confirmationSentAt: timestamp("confirmation_sent_at", { withTimezone: true }),
    /** When a process last took on sending the confirmation; a claim older than the lease was lost with its process. */
    confirmationClaimedAt: timestamp("confirmation_claimed_at", { withTimezone: true }),
    /** The checkout's "Email me about my order and offers" box (issue 31): when it was ticked and which wording it showed. */
    marketingConsentAt: timestamp("marketing_consent_at", { withTimezone: true }),
    marketingConsentWording: text("marketing_consent_wording"),
    /**
     * Where the shopper came from (issue 52's sales by channel): the landing page's utm_source and utm_medium and the
     * referring site's host, as the storefront sent them with the checkout (server/orders/checkout-schemas.ts).
     */
    utmSource: text("utm_source"),
    utmMedium: text("utm_medium"),
    referrerHost: text("referrer_host"),
    /**
     * The funnel session (issue 52) of the checkout that made the order, so its payment counts as that session's
     * "paid" stage; cleared once counted, so no order stays tied to what its shopper browsed (decision 0057).
     */
    funnelSession: uuid("funnel_session"),
    /** The parcel, once staff mark the order shipped: carrier, its tracking number, and the page to follow it. */
    carrier: text("carrier"),
    trackingNumber: text("tracking_number"),
    trackingUrl: text("tracking_url"),
    shippedAt: timestamp("shipped_at", { withTimezone: true }),
    /** Refunds written for this order (pending or issued), never above the total. */
    refundedCents: integer("refunded_cents").notNull().default(0),
    /**
     * What store credit paid of the total (a tender, not a discount: the tax is on the whole order); the card was
     * charged the rest. An order paid by credit alone has payment_provider 'store_credit' (issue 51, decision 0054).
     */
    storeCreditCents: integer("store_credit_cents").notNull().default(0),
    /** What gift cards paid of the total (a tender like store credit; their ledger rows name this order). */
    giftCardCents: integer("gift_card_cents").notNull().default(0),
    /** When the provider confirmed the refund of a refunded or canceled paid order; null while one is owed. */
    refundIssuedAt: timestamp("refund_issued_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("orders_status_known", sql.raw(`status in (${ORDER_STATUSES.map((s) => `'${s}'`).join(", ")})`)),
    check("orders_stock_state_known", sql`${t.stockState} in ('held', 'committed', 'released')`),
    check("orders_amounts_nonnegative", sql`${t.subtotalCents} >= 0 and ${t.discountCents} >= 0 and ${t.taxCents} >= 0 and ${t.totalCents} >= 0`),
    check("orders_refunds_within_total", sql`${t.refundedCents} between 0 and ${t.totalCents}`),
    check("orders_store_credit_within_total", sql`${t.storeCreditCents} between 0 and ${t.totalCents}`),
    check("orders_gift_cards_within_total", sql`${t.giftCardCents} >= 0 and ${t.giftCardCents} + ${t.storeCreditCents} <= ${t.totalCents}`),
    index("orders_cart_idx").on(t.cartId),
    // The staff search: orders by a prefix of their number or of the email they were placed with.
    index("orders_number_prefix_idx").using("btree", sql`${t.orderNumber} text_pattern_ops`),
    index("orders_email_prefix_idx").using("btree", sql`lower(${t.email}) text_pattern_ops`),
    index("orders_user_idx").on(t.userId, t.createdAt),
    index("orders_expiry_idx").on(t.reservationExpiresAt).where(sql`${t.stockState} = 'held'`),
    // The sales report reads a period's paid orders by when they were paid (issue 52).
    index("orders_paid_at_idx").on(t.paidAt).where(sql`${t.paidAt} is not null`),
  ],
);

/** Each line as it was when ordered: name, image, colour, size and unit price are snapshots. */
export const orderItems = pgTable(
  "order_items",
  {
    id: serial("id").primaryKey(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    productId: integer("product_id").notNull(),
    variantId: integer("variant_id")
      .notNull()
      .references(() => variants.id),
    name: text("name").notNull(),
    imageUrl: text("image_url").notNull(),
    color: text("color").notNull(),
    size: text("size").notNull(),
    unitPriceCents: integer("unit_price_cents").notNull(),
    quantity: integer("quantity").notNull(),
    /** This line's share of the order's discount (a code's lines only), so a refund of it gives back what was paid. */
    discountCents: integer("discount_cents").notNull().default(0),
    /** Units refunded so far (by staff or a return): never more than the quantity. */
    refundedQuantity: integer("refunded_quantity").notNull().default(0),
    /** A gift card bought (a liability, not a sale: issue 51), with its recipient, note and send date as the cart had them. */
    giftCard: boolean("gift_card").notNull().default(false),
    giftRecipientEmail: text("gift_recipient_email"),
    giftMessage: text("gift_message"),
    giftSendAt: timestamp("gift_send_at", { withTimezone: true }),
  },
  (t) => [
    index("order_items_order_idx").on(t.orderId),
    check("order_items_quantity_range", sql`${t.quantity} between 1 and 99`),
    check("order_items_refunded_range", sql`${t.refundedQuantity} between 0 and ${t.quantity}`),
  ],
);

/**
 * Money given back on an order, in part or in full: by staff, or for an approved return. Written (pending) in the
 * transaction that checks the order can still give it, then sent to the provider under its id as the idempotency key,
 * and retried by the minute sweep until the provider confirms (issued).
 */
export const refunds = pgTable(
  "refunds",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    amountCents: integer("amount_cents").notNull(),
    reason: text("reason").notNull(),
    actor: text("actor").notNull(),
    returnId: uuid("return_id"),
    /**
     * Set when the refund settles an order edit that lowered the total (decision 0056): the order's total already went
     * down, so it is not counted in refunded_cents, nor in the sales report's refunds.
     */
    orderEditId: uuid("order_edit_id").references((): AnyPgColumn => orderEdits.id, { onDelete: "set null" }),
    /**
     * For an order with several card payments (edits whose difference was paid): how much of the card part goes back
     * to which payment, each part with its own id for the provider. Fixed once, under the order's lock, before the
     * first call to the provider, so every retry sends the same parts (decision 0056). Null: all to the order's payment.
     */
    cardParts: jsonb("card_parts").$type<{ intentId: string; amountCents: number; refundId: string }[]>(),
    /** The part of the amount given back as store credit (the ledger's row is written with the refund); the provider refunds the rest. */
    storeCreditCents: integer("store_credit_cents").notNull().default(0),
    status: text("status", { enum: ["pending", "issued"] }).notNull().default("pending"),
    /** Stripe Tax's reversal of this refund's tax, once recorded. */
    taxReversalId: text("tax_reversal_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    issuedAt: timestamp("issued_at", { withTimezone: true }),
  },
  (t) => [
    check("refunds_amount_positive", sql`${t.amountCents} > 0`),
    check("refunds_store_credit_within_amount", sql`${t.storeCreditCents} between 0 and ${t.amountCents}`),
    check("refunds_status_known", sql`${t.status} in ('pending', 'issued')`),
    index("refunds_order_idx").on(t.orderId),
    index("refunds_pending_idx").on(t.createdAt).where(sql`${t.status} = 'pending'`),
    // The sales report counts refunds in the period they were made (issue 52).
    index("refunds_created_idx").on(t.createdAt),
  ],
);

export const RETURN_STATUSES = ["requested", "approved", "refused", "received"] as const;
export const RETURN_RESOLUTIONS = ["refund", "store_credit", "exchange"] as const;
export type ReturnResolution = (typeof RETURN_RESOLUTIONS)[number];
export type ReturnStatus = (typeof RETURN_STATUSES)[number];

/** A shopper's request to send back lines of a delivered order; staff approve (refunding them) or refuse it. */
export const returns = pgTable(
  "returns",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    returnNumber: text("return_number").notNull().unique(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    status: text("status", { enum: RETURN_STATUSES }).notNull().default("requested"),
    reason: text("reason").notNull(),
    /** Staff's note to the shopper when refusing, or on receipt. */
    staffNote: text("staff_note"),
    refundCents: integer("refund_cents"),
    /** How the return ends: money back to the card, or store credit (the shopper asks when settings allow; staff decide). */
    resolution: text("resolution", { enum: RETURN_RESOLUTIONS }).notNull().default("refund"),
    restocked: boolean("restocked"),
    /** An exchange's replacement: the $0 order made when the parcel arrives, which ships the new items (issue 51). */
    exchangeOrderId: uuid("exchange_order_id").references((): AnyPgColumn => orders.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("returns_resolution_known", sql`${t.resolution} in ('refund', 'store_credit', 'exchange')`),
    check("returns_status_known", sql`${t.status} in ('requested', 'approved', 'refused', 'received')`), index("returns_order_idx").on(t.orderId), index("returns_status_idx").on(t.status, t.createdAt)],
);

export const returnItems = pgTable(
  "return_items",
  {
    returnId: uuid("return_id")
      .notNull()
      .references(() => returns.id, { onDelete: "cascade" }),
    orderItemId: integer("order_item_id")
      .notNull()
      .references(() => orderItems.id, { onDelete: "cascade" }),
    quantity: integer("quantity").notNull(),
    /** An exchange: the variant (same product, same price) sent instead; reserved at approval, taken at receipt. */
    exchangeVariantId: integer("exchange_variant_id").references(() => variants.id),
  },
  (t) => [primaryKey({ columns: [t.returnId, t.orderItemId] }), check("return_items_quantity_positive", sql`${t.quantity} > 0`)],
);

export const STORE_CREDIT_KINDS = ["return", "staff", "checkout", "refund"] as const;
export type StoreCreditKind = (typeof STORE_CREDIT_KINDS)[number];

/**
 * Store credit (issue 51): an append-only ledger per customer email (lowercased, so a guest's return is credited and
 * the account with that email sees it). The balance is the sum of the rows; a spend is written under a per-email
 * advisory lock after reading it (server/credit/store-credit.ts), so it never goes below zero.
 */
export const storeCreditEntries = pgTable(
  "store_credit_entries",
  {
    id: serial("id").primaryKey(),
    email: text("email").notNull(),
    /** Positive: credit given; negative: credit spent or taken back. */
    amountCents: integer("amount_cents").notNull(),
    kind: text("kind", { enum: STORE_CREDIT_KINDS }).notNull(),
    reason: text("reason").notNull(),
    orderId: uuid("order_id").references(() => orders.id, { onDelete: "set null" }),
    returnId: uuid("return_id").references(() => returns.id, { onDelete: "set null" }),
    /** "staff:alex", "shopper", "system". */
    actor: text("actor").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("store_credit_entries_kind_known", sql`${t.kind} in ('return', 'staff', 'checkout', 'refund')`),
    check("store_credit_entries_amount_nonzero", sql`${t.amountCents} <> 0`),
    check("store_credit_entries_email_lower", sql`${t.email} = lower(${t.email})`),
    index("store_credit_entries_email_idx").on(t.email, t.createdAt),
    index("store_credit_entries_order_idx").on(t.orderId).where(sql`${t.orderId} is not null`),
  ],
);

export const GIFT_CARD_STATUSES = ["active", "disabled"] as const;
export const GIFT_CARD_ENTRY_KINDS = ["issue", "staff", "checkout", "refund"] as const;
export type GiftCardEntryKind = (typeof GIFT_CARD_ENTRY_KINDS)[number];

/**
 * Gift cards (issue 51): only the sha256 of the normalised code is kept (the code is shown once), with its last 4 for
 * people. The balance is the sum of its `gift_card_entries`, spent under a per-card advisory lock (server/gift-cards/).
 */
export const giftCards = pgTable(
  "gift_cards",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** null until a bought card's email goes out: its code is made then, so no code waits anywhere in between. */
    codeHash: text("code_hash").unique(),
    last4: text("last4"),
    currency: text("currency").notNull().default("usd"),
    status: text("status", { enum: GIFT_CARD_STATUSES }).notNull().default("active"),
    /** null: never expires (the default for a store in the US or Canada, decision 0055). */
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    recipientEmail: text("recipient_email"),
    /** When its email goes out (null: at once); sentAt once it has. */
    sendAt: timestamp("send_at", { withTimezone: true }),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    /** Bought in an order (that line), or issued by a staff member ("staff:alex"). */
    orderId: uuid("order_id").references(() => orders.id, { onDelete: "set null" }),
    orderItemId: integer("order_item_id"),
    /** Which of the line's units (1..quantity) this card is: one card per unit, made once however often payment is confirmed. */
    orderUnit: integer("order_unit"),
    /** The buyer's note, sent with the card. */
    message: text("message"),
    issuedBy: text("issued_by"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("gift_cards_status_known", sql`${t.status} in ('active', 'disabled')`),
    check("gift_cards_last4_shape", sql`${t.last4} ~ '^[A-Z0-9]{4}$'`),
    check("gift_cards_has_source", sql`${t.orderId} is not null or ${t.issuedBy} is not null`),
    check("gift_cards_code_whole", sql`(${t.codeHash} is null) = (${t.last4} is null) and (${t.codeHash} is not null or ${t.sentAt} is null)`),
    uniqueIndex("gift_cards_order_unit_key").on(t.orderItemId, t.orderUnit).where(sql`${t.orderItemId} is not null`),
    index("gift_cards_unsent_idx").on(t.sendAt).where(sql`${t.sentAt} is null`),
    index("gift_cards_last4_idx").on(t.last4),
  ],
);

/** Every movement of a gift card's balance; the balance is their sum, never below zero (checked under the card's lock). */
export const giftCardEntries = pgTable(
  "gift_card_entries",
  {
    id: serial("id").primaryKey(),
    giftCardId: uuid("gift_card_id")
      .notNull()
      .references(() => giftCards.id, { onDelete: "cascade" }),
    amountCents: integer("amount_cents").notNull(),
    kind: text("kind", { enum: GIFT_CARD_ENTRY_KINDS }).notNull(),
    reason: text("reason").notNull(),
    orderId: uuid("order_id").references(() => orders.id, { onDelete: "set null" }),
    actor: text("actor").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("gift_card_entries_kind_known", sql`${t.kind} in ('issue', 'staff', 'checkout', 'refund')`),
    check("gift_card_entries_amount_nonzero", sql`${t.amountCents} <> 0`),
    index("gift_card_entries_card_idx").on(t.giftCardId, t.createdAt),
    index("gift_card_entries_order_idx").on(t.orderId).where(sql`${t.orderId} is not null`),
  ],
);

/** The gift cards a shopper added to their checkout: a reference kept with the cart, never the code. */
export const cartGiftCards = pgTable(
  "cart_gift_cards",
  {
    cartId: uuid("cart_id")
      .notNull()
      .references(() => carts.id, { onDelete: "cascade" }),
    giftCardId: uuid("gift_card_id")
      .notNull()
      .references(() => giftCards.id, { onDelete: "cascade" }),
    addedAt: timestamp("added_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.cartId, t.giftCardId] })],
);

/** An order's history: every status change, by whom (a staff user, the shopper's payment, or the system). */
export const ORDER_EDIT_STATUSES = ["awaiting_payment", "applied", "expired", "canceled"] as const;
export type OrderEditStatus = (typeof ORDER_EDIT_STATUSES)[number];

/**
 * A staff edit of a placed order (issue 51, decision 0056): the changes asked for, the order as it will be (lines,
 * totals, tax lines, address: applied exactly as priced), and how the difference is settled. A higher total waits for
 * the shopper's payment (awaiting_payment, its added units reserved) until it is paid or expires.
 */
export const orderEdits = pgTable(
  "order_edits",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    status: text("status", { enum: ORDER_EDIT_STATUSES }).notNull(),
    /** The changes as staff sent them, and in words as the pages and the email show them. */
    changes: jsonb("changes").notNull(),
    summary: jsonb("summary").$type<string[]>().notNull(),
    /** The order after the edit (server/order-edits/edit-plan.ts `PlannedOrder`), applied as it was priced. */
    plan: jsonb("plan").notNull(),
    /** New total − old total: above 0 the shopper pays it, below 0 it is refunded. */
    differenceCents: integer("difference_cents").notNull(),
    /** Who made it: `staff:username`, and the staff member's name as shown. */
    actor: text("actor").notNull(),
    actorName: text("actor_name").notNull(),
    notify: boolean("notify").notNull(),
    /** The payment of the difference, and the sha256 of the payment link's token (the token itself is never stored). */
    paymentIntentId: text("payment_intent_id").unique(),
    tokenHash: text("token_hash").unique(),
    paymentError: text("payment_error"),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp("settled_at", { withTimezone: true }),
  },
  (t) => [
    check("order_edits_status_known", sql.raw(`status in (${ORDER_EDIT_STATUSES.map((s) => `'${s}'`).join(", ")})`)),
    index("order_edits_order_idx").on(t.orderId, t.createdAt),
    // The expiry sweep reads only the edits still waiting, by when they lapse.
    index("order_edits_awaiting_idx").on(t.expiresAt).where(sql`${t.status} = 'awaiting_payment'`),
    // One edit waiting for payment per order: a second would be priced against an order about to change.
    uniqueIndex("order_edits_one_awaiting_key").on(t.orderId).where(sql`${t.status} = 'awaiting_payment'`),
  ],
);

export type OrderEditRow = typeof orderEdits.$inferSelect;

export const orderEvents = pgTable(
  "order_events",
  {
    id: serial("id").primaryKey(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    fromStatus: text("from_status"),
    toStatus: text("to_status").notNull(),
    actor: text("actor").notNull(),
    note: text("note"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("order_events_order_idx").on(t.orderId, t.createdAt)],
);

/** Payment-provider events already applied; inserted in the same transaction as their change. */
export const processedEvents = pgTable("processed_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  processedAt: timestamp("processed_at", { withTimezone: true }).notNull().defaultNow(),
});

export const DISCOUNT_KINDS = ["percent", "fixed", "free_shipping"] as const;
export type DiscountKind = (typeof DISCOUNT_KINDS)[number];

/** Staff-made codes and the exit-intent offers (a limit of one use): one code per order, case-insensitive. */
export const discountCodes = pgTable(
  "discount_codes",
  {
    code: text("code").primaryKey(),
    kind: text("kind", { enum: DISCOUNT_KINDS }).notNull().default("percent"),
    /** percent: 1-100; fixed: null. */
    percentOff: integer("percent_off"),
    /** fixed: the amount off, at most what the eligible lines cost; else null. */
    amountOffCents: integer("amount_off_cents"),
    minSubtotalCents: integer("min_subtotal_cents"),
    startsAt: timestamp("starts_at", { withTimezone: true }),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    /** Paid orders (plus checkouts holding it) allowed in all; null: no limit. */
    usageLimit: integer("usage_limit"),
    /** One paid order per account, and per email for guests. */
    oncePerCustomer: boolean("once_per_customer").notNull().default(false),
    /** Collections (top-level category ids) whose products it takes off; empty: every product. */
    collectionIds: integer("collection_ids").array().notNull().default(sql`'{}'::integer[]`),
    active: boolean("active").notNull().default(true),
    /** staff: made at /admin/discounts; offer: an exit-intent code made for one subscriber. */
    source: text("source", { enum: ["staff", "offer"] }).notNull().default("staff"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("discount_codes_source_known", sql`${t.source} in ('staff', 'offer')`),
    check("discount_codes_upper", sql`${t.code} = upper(${t.code})`),
    check("discount_codes_kind_known", sql`${t.kind} in ('percent', 'fixed', 'free_shipping')`),
    check(
      "discount_codes_value_fits_kind",
      sql`(${t.kind} = 'percent' and ${t.percentOff} between 1 and 100 and ${t.amountOffCents} is null) or (${t.kind} = 'fixed' and ${t.amountOffCents} > 0 and ${t.percentOff} is null) or (${t.kind} = 'free_shipping' and ${t.percentOff} is null and ${t.amountOffCents} is null)`,
    ),
    check("discount_codes_limit_positive", sql`${t.usageLimit} is null or ${t.usageLimit} > 0`),
    check("discount_codes_dates_ordered", sql`${t.startsAt} is null or ${t.expiresAt} is null or ${t.startsAt} < ${t.expiresAt}`),
  ],
);

/**
 * One order's use of a code: held while its checkout is open (so limits hold under concurrency, like stock), paid
 * when the order is, released when the order ends unpaid. Uses and revenue count the paid ones.
 */
export const discountRedemptions = pgTable(
  "discount_redemptions",
  {
    orderId: uuid("order_id")
      .primaryKey()
      .references(() => orders.id, { onDelete: "cascade" }),
    code: text("code")
      .notNull()
      .references(() => discountCodes.code, { onDelete: "cascade" }),
    userId: uuid("user_id"),
    email: text("email").notNull(),
    state: text("state", { enum: ["held", "paid", "released"] }).notNull().default("held"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("discount_redemptions_state_known", sql`${t.state} in ('held', 'paid', 'released')`),
    index("discount_redemptions_code_idx").on(t.code, t.state),
  ],
);

/** The built-in test payment provider's intents (DESIGN §5), kept in the database so every app instance sees them. */
export const testPaymentIntents = pgTable("test_payment_intents", {
  id: text("id").primaryKey(),
  clientSecret: text("client_secret").notNull(),
  idempotencyKey: text("idempotency_key").notNull().unique(),
  orderId: uuid("order_id").notNull(),
  amountCents: integer("amount_cents").notNull(),
  status: text("status").notNull(),
  lastError: text("last_error"),
  /** Partial refunds made, by our refund id (so a retried one is made once), and their sum. */
  refundIds: text("refund_ids").array().notNull().default(sql`'{}'::text[]`),
  refundedCents: integer("refunded_cents").notNull().default(0),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** A product drop such as VSOP: its dates are data, so every "Ships …" text and the countdown read them here. */
/**
 * A drop (issue 48, decision 0049): a limited release made by staff and opened by the clock. Its phase at an instant
 * is a query rule over these times (server/drops/drop-phase.ts), never a job's side effect. The VSOP collection is
 * the first row.
 */
export const drops = pgTable(
  "drops",
  {
    id: serial("id").primaryKey(),
    slug: text("slug").notNull().unique(),
    name: text("name").notNull(),
    /** From here the page and its products are shown, with a countdown, but cannot be bought. */
    announceAt: timestamp("announce_at", { withTimezone: true }).notNull(),
    /** Optional: from here subscribers holding an early-access link may buy. */
    earlyAccessAt: timestamp("early_access_at", { withTimezone: true }),
    /** From here everyone may buy. */
    opensAt: timestamp("opens_at", { withTimezone: true }).notNull(),
    preorderClosesAt: timestamp("preorder_closes_at", { withTimezone: true }).notNull(),
    shipsAt: timestamp("ships_at", { withTimezone: true }).notNull(),
    /** Units one customer (account, email or shipping address) may buy of each product, and of the whole drop. */
    perProductLimit: integer("per_product_limit"),
    perDropLimit: integer("per_drop_limit"),
    freeShipping: boolean("free_shipping").notNull().default(true),
    limitedQuantities: boolean("limited_quantities").notNull().default(true),
    /** Checkouts a minute let in by the waiting room; null: no line. */
    admitPerMinute: integer("admit_per_minute"),
    /** How long an admitted visitor (or an early-access pass) may take to check out. */
    checkoutMinutes: integer("checkout_minutes").notNull().default(10),
    /** The landing page's content blocks (home section shapes: hero, rich text, product grid, FAQ). */
    page: jsonb("page").notNull().default(sql`'[]'::jsonb`),
    /** The waiting room's next free admission slot (each joiner takes max(now, this + 60 s / rate)). */
    lineNextSlotAt: timestamp("line_next_slot_at", { withTimezone: true }),
    archivedAt: timestamp("archived_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("drops_dates_in_order", sql`${t.announceAt} <= ${t.opensAt} and (${t.earlyAccessAt} is null or (${t.announceAt} <= ${t.earlyAccessAt} and ${t.earlyAccessAt} <= ${t.opensAt})) and ${t.opensAt} <= ${t.preorderClosesAt} and ${t.preorderClosesAt} <= ${t.shipsAt}`),
    check("drops_limits_positive", sql`(${t.perProductLimit} is null or ${t.perProductLimit} > 0) and (${t.perDropLimit} is null or ${t.perDropLimit} > 0) and (${t.admitPerMinute} is null or ${t.admitPerMinute} > 0) and ${t.checkoutMinutes} > 0`),
  ],
);

export const dropProducts = pgTable(
  "drop_products",
  {
    dropId: integer("drop_id")
      .notNull()
      .references(() => drops.id, { onDelete: "cascade" }),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    position: integer("position").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.dropId, t.productId] }), index("drop_products_product_idx").on(t.productId)],
);

/**
 * A drop's waiting room and early-access passes (issue 48): one row per visitor who joined the line (after the
 * proof-of-work) or redeemed an early-access link. `admitAt` is the slot the line gave them; they may buy from then
 * until `expiresAt`. Every process reads the same rows, so all agree on who is in.
 */
export const dropPasses = pgTable(
  "drop_passes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    dropId: integer("drop_id")
      .notNull()
      .references(() => drops.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ["line", "early"] }).notNull(),
    /** The order of arrival in the line (first come, first served). */
    seq: bigint("seq", { mode: "number" }).generatedAlwaysAsIdentity(),
    joinedAt: timestamp("joined_at", { withTimezone: true }).notNull(),
    admitAt: timestamp("admit_at", { withTimezone: true }).notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    /** The early-access invitation this pass was redeemed from. */
    invitationId: integer("invitation_id"),
  },
  (t) => [index("drop_passes_drop_admit_idx").on(t.dropId, t.admitAt), check("drop_passes_kind_known", sql`${t.kind} in ('line', 'early')`)],
);

/** An early-access invitation: one per subscriber and drop, emailed once at earlyAccessAt, redeemable once. */
export const dropInvitations = pgTable(
  "drop_invitations",
  {
    id: serial("id").primaryKey(),
    dropId: integer("drop_id")
      .notNull()
      .references(() => drops.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    /** SHA-256 of the link's secret part: the link itself is never stored. */
    tokenHash: text("token_hash").notNull().unique(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique("drop_invitations_one_per_email").on(t.dropId, t.email)],
);

/** Proof-of-work challenges already spent (issue 48): a solution counts once; rows older than the challenge's life go. */
export const dropChallengeUses = pgTable("drop_challenge_uses", {
  signature: text("signature").primaryKey(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
});

export type DropRow = typeof drops.$inferSelect;

export const newsletterSubscribers = pgTable(
  "newsletter_subscribers",
  {
    id: serial("id").primaryKey(),
    email: text("email").notNull(),
    source: text("source").notNull(),
    /** The single-use welcome code given with the exit-intent offer. */
    offerCode: text("offer_code"),
    /** Set by the one-click link every newsletter email carries; signing up again clears it. */
    unsubscribedAt: timestamp("unsubscribed_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("newsletter_subscribers_email_key").on(sql`lower(${t.email})`)],
);

export const REVIEW_STATUSES = ["pending", "published", "rejected"] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

/**
 * A buyer's review of a product they received (server/reviews): one per product per account, written from a delivered
 * order and keeping the size and colour bought. Staff publish or reject it (with a reason) and may reply publicly.
 * products.rating and review_count are its published rows' average and count, kept in the same transaction.
 */
export const reviews = pgTable(
  "reviews",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The delivered order the purchase was checked against. */
    orderId: uuid("order_id").references(() => orders.id, { onDelete: "set null" }),
    size: text("size").notNull(),
    color: text("color").notNull(),
    rating: integer("rating").notNull(),
    title: text("title").notNull(),
    body: text("body").notNull(),
    fit: text("fit", { enum: FITS }),
    /** As shown: the buyer's first name and last initial when the review was written. */
    authorName: text("author_name").notNull(),
    status: text("status", { enum: REVIEW_STATUSES }).notNull().default("pending"),
    rejectReason: text("reject_reason"),
    reply: text("reply"),
    repliedAt: timestamp("replied_at", { withTimezone: true }),
    /** Who published, rejected or replied last ("staff:alex"). */
    moderatedBy: text("moderated_by"),
    publishedAt: timestamp("published_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique("reviews_user_product_key").on(t.userId, t.productId),
    check("reviews_rating_range", sql`${t.rating} between 1 and 5`),
    check("reviews_status_known", sql`${t.status} in ('pending', 'published', 'rejected')`),
    check("reviews_fit_known", sql`${t.fit} is null or ${t.fit} in ('small', 'true', 'large')`),
    check("reviews_lengths", sql`char_length(${t.title}) between 1 and 120 and char_length(${t.body}) between 1 and 5000 and char_length(coalesce(${t.reply}, '')) <= 2000`),
    index("reviews_product_published_idx").on(t.productId, t.publishedAt.desc().nullsFirst()).where(sql`${t.status} = 'published'`),
    index("reviews_status_idx").on(t.status, t.createdAt),
  ],
);

export const STOCK_ALERT_STATUSES = ["pending", "active", "notified", "unsubscribed"] as const;
export type StockAlertStatus = (typeof STOCK_ALERT_STATUSES)[number];

/**
 * "Email me when it's back" (server/alerts): one sold-out variant, or a whole sold-out drop (drop_id, the drop's
 * waitlist), per email; a row names exactly one of the two. pending until the emailed link confirms it (double
 * opt-in), then active until the one alert is sent (notified) or the shopper unsubscribes. claimed_at is the sending
 * process's lease.
 */
export const stockAlerts = pgTable(
  "stock_alerts",
  {
    id: serial("id").primaryKey(),
    variantId: integer("variant_id").references(() => variants.id, { onDelete: "cascade" }),
    /** The drop whose waitlist this is (variant_id null): its email goes out when this drop has a piece again. */
    dropId: integer("drop_id").references(() => drops.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    status: text("status", { enum: STOCK_ALERT_STATUSES }).notNull().default("pending"),
    confirmTokenHash: text("confirm_token_hash").unique(),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    claimedAt: timestamp("claimed_at", { withTimezone: true }),
    notifiedAt: timestamp("notified_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("stock_alerts_status_known", sql`${t.status} in ('pending', 'active', 'notified', 'unsubscribed')`),
    check("stock_alerts_one_target", sql`(${t.variantId} is null) <> (${t.dropId} is null)`),
    uniqueIndex("stock_alerts_target_email_key").on(sql`coalesce(${t.variantId}, 0)`, sql`coalesce(${t.dropId}, 0)`, sql`lower(${t.email})`),
    index("stock_alerts_active_idx").on(t.variantId).where(sql`${t.status} = 'active'`),
  ],
);

/** Messages sent from /contact. */
export const contactMessages = pgTable("contact_messages", {
  id: serial("id").primaryKey(),
  name: text("name").notNull(),
  email: text("email").notNull(),
  topic: text("topic").notNull(),
  orderNumber: text("order_number"),
  message: text("message").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Values the store makes for itself on first start (the catalog feed's token), one row per key. */
export const storeSettings = pgTable("store_settings", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Every staff change to products, prices, stock, collections, the campaign and settings: who, what, before, after. */
export const auditLog = pgTable(
  "audit_log",
  {
    id: serial("id").primaryKey(),
    /** "staff:alex", or "cli" for command-line tools. */
    actor: text("actor").notNull(),
    /** What was changed: product, variant, collection, campaign or setting. */
    entity: text("entity").notNull(),
    entityId: text("entity_id").notNull(),
    /** The product a product or variant change belongs to, so a product's history is one index scan. */
    productId: integer("product_id"),
    action: text("action").notNull(),
    before: jsonb("before"),
    after: jsonb("after"),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("audit_log_product_idx").on(t.productId, t.at.desc().nullsFirst()).where(sql`${t.productId} is not null`),
    index("audit_log_entity_idx").on(t.entity, t.entityId, t.at.desc().nullsFirst()),
  ],
);

export type UserRow = typeof users.$inferSelect;
export type StaffRoleRow = typeof staffRoles.$inferSelect;
export type OrderRow = typeof orders.$inferSelect;
export type OrderItemRow = typeof orderItems.$inferSelect;

export type CategoryRow = typeof categories.$inferSelect;
export type ReviewRow = typeof reviews.$inferSelect;
export type StockAlertRow = typeof stockAlerts.$inferSelect;
export type ProductRow = typeof products.$inferSelect;
export type VariantRow = typeof variants.$inferSelect;

export const TAX_PROVIDERS = ["manual", "stripe_tax"] as const;
export type TaxProviderName = (typeof TAX_PROVIDERS)[number];

/**
 * The store's one row of settings (id = 1), edited at /admin/settings: who the store is (the storefront, emails,
 * JSON-LD, footer and invoices read it through server/settings), and how tax is charged. The key-value
 * `store_settings` table above holds values the store makes for itself (tokens), not these.
 */
export const settings = pgTable(
  "settings",
  {
    id: integer("id").primaryKey().default(1),
    storeName: text("store_name").notNull(),
    legalName: text("legal_name").notNull(),
    addressLine1: text("address_line1").notNull(),
    addressLine2: text("address_line2"),
    city: text("city").notNull(),
    region: text("region").notNull(),
    postalCode: text("postal_code").notNull(),
    country: text("country").notNull(),
    supportEmail: text("support_email").notNull(),
    phone: text("phone"),
    senderName: text("sender_name").notNull(),
    senderEmail: text("sender_email").notNull(),
    /** The logo, through the photo pipeline: media key and the derivative widths made; null shows the wordmark. */
    logoKey: text("logo_key"),
    logoWidths: integer("logo_widths").array(),
    /** Social profiles by network: { instagram: "https://…", … }. */
    socialLinks: jsonb("social_links").$type<Record<string, string>>().notNull().default({}),
    /** Variant prices already hold the tax (VAT-style); the tax is shown as included. */
    pricesIncludeTax: boolean("prices_include_tax").notNull().default(false),
    /** Shipping is taxed at the zone's general rates. */
    taxOnShipping: boolean("tax_on_shipping").notNull().default(false),
    taxProvider: text("tax_provider", { enum: TAX_PROVIDERS }).notNull().default("manual"),
    /** Where the cookie banner asks before analytics (decision 0039): everywhere, or where the visitor's country's law requires it. */
    consentScope: text("consent_scope", { enum: CONSENT_SCOPES }).notNull().default("everywhere"),
    /** Checkout recovery emails (issue 31): to whom, after how many minutes (null: that email is off), and the 2nd email's code. */
    recoveryAudience: text("recovery_audience", { enum: RECOVERY_AUDIENCES }).notNull().default("consented"),
    recoveryFirstDelayMinutes: integer("recovery_first_delay_minutes").default(60),
    recoverySecondDelayMinutes: integer("recovery_second_delay_minutes").default(1440),
    recoveryDiscountCode: text("recovery_discount_code").references(() => discountCodes.code, { onDelete: "set null" }),
    /** The IANA zone every report's day boundary follows (issue 52); null: the legal address's zone (shared/time-zones.ts). */
    timeZone: text("time_zone"),
    /** The shopper's return form offers store credit instead of a refund (issue 51); staff may always choose it. */
    returnsStoreCredit: boolean("returns_store_credit").notNull().default(false),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    updatedBy: text("updated_by"),
  },
  (t) => [check("settings_single_row", sql`${t.id} = 1`), check("settings_tax_provider_known", sql`${t.taxProvider} in ('manual', 'stripe_tax')`), check("settings_consent_scope_known", sql`${t.consentScope} in ('everywhere', 'region')`), check("settings_recovery_audience_known", sql`${t.recoveryAudience} in ('consented', 'everyone')`)],
);

/** What products are taxed as (each product has one, or the default): "Clothing", "Exempt"… */
export const taxCategories = pgTable(
  "tax_categories",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull().unique(),
    /** Stripe Tax's product tax code, e.g. txcd_30011000 (clothing). */
    stripeTaxCode: text("stripe_tax_code"),
    isDefault: boolean("is_default").notNull().default(false),
  },
  (t) => [uniqueIndex("tax_categories_one_default").on(t.isDefault).where(sql`${t.isDefault}`)],
);

/**
 * A place with its own rules, for tax or shipping: a zone is made of regions (a country, a state or province by ISO
 * 3166-2, a postal-code prefix; none at all means everywhere). For an address the most specific matching region wins.
 */
export const ZONE_KINDS = ["tax", "shipping"] as const;
export type ZoneKind = (typeof ZONE_KINDS)[number];

export const zones = pgTable(
  "zones",
  {
    id: serial("id").primaryKey(),
    kind: text("kind", { enum: ZONE_KINDS }).notNull(),
    name: text("name").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("zones_kind_known", sql`${t.kind} in ('tax', 'shipping')`), unique("zones_kind_name_key").on(t.kind, t.name)],
);

export const zoneRegions = pgTable(
  "zone_regions",
  {
    id: serial("id").primaryKey(),
    zoneId: integer("zone_id")
      .notNull()
      .references(() => zones.id, { onDelete: "cascade" }),
    /** ISO 3166-1 alpha-2. */
    country: text("country").notNull(),
    /** ISO 3166-2 code (US-CA), or null for the whole country. */
    subdivision: text("subdivision"),
    /** Postal codes that start with this (upper case, no spaces), or null. */
    postalPrefix: text("postal_prefix"),
  },
  (t) => [index("zone_regions_zone_idx").on(t.zoneId)],
);

/** A tax rate of a zone, for one tax category or (null) for every category without its own; shipping uses the latter. */
export const taxRates = pgTable(
  "tax_rates",
  {
    id: serial("id").primaryKey(),
    zoneId: integer("zone_id")
      .notNull()
      .references(() => zones.id, { onDelete: "cascade" }),
    taxCategoryId: integer("tax_category_id").references(() => taxCategories.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** Thousandths of a percent: 8625 is 8.625 %. */
    rateMilliPercent: integer("rate_milli_percent").notNull(),
  },
  (t) => [check("tax_rates_rate_range", sql`${t.rateMilliPercent} between 0 and 100000`), index("tax_rates_zone_idx").on(t.zoneId)],
);

export const SHIPPING_RATE_KINDS = ["flat", "free", "free_over", "price_band", "weight_band"] as const;
export type ShippingRateKind = (typeof SHIPPING_RATE_KINDS)[number];

/**
 * A way to ship to a zone: its price and when it is offered. free_over costs nothing from minSubtotalCents up;
 * price_band and weight_band apply within [min, max) of the subtotal (after discounts, before tax) or the weight.
 */
export const shippingRates = pgTable(
  "shipping_rates",
  {
    id: serial("id").primaryKey(),
    zoneId: integer("zone_id")
      .notNull()
      .references(() => zones.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    kind: text("kind", { enum: SHIPPING_RATE_KINDS }).notNull(),
    amountCents: integer("amount_cents").notNull().default(0),
    minSubtotalCents: integer("min_subtotal_cents"),
    maxSubtotalCents: integer("max_subtotal_cents"),
    minWeightGrams: integer("min_weight_grams"),
    maxWeightGrams: integer("max_weight_grams"),
    minDays: integer("min_days").notNull(),
    maxDays: integer("max_days").notNull(),
    position: integer("position").notNull().default(0),
    active: boolean("active").notNull().default(true),
  },
  (t) => [
    check("shipping_rates_kind_known", sql`${t.kind} in ('flat', 'free', 'free_over', 'price_band', 'weight_band')`),
    check("shipping_rates_amount_range", sql`${t.amountCents} between 0 and 1000000`),
    check("shipping_rates_days_ordered", sql`${t.minDays} >= 0 and ${t.maxDays} >= ${t.minDays}`),
    index("shipping_rates_zone_idx").on(t.zoneId),
  ],
);

/** The tax an order charged, per order line and rate (a null line is the shipping), exactly as charged. */
export const orderTaxLines = pgTable(
  "order_tax_lines",
  {
    id: serial("id").primaryKey(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    orderItemId: integer("order_item_id").references(() => orderItems.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    rateMilliPercent: integer("rate_milli_percent").notNull(),
    taxableCents: integer("taxable_cents").notNull(),
    taxCents: integer("tax_cents").notNull(),
    /** Where the rate came from: the zone's name, or Stripe Tax's jurisdiction. */
    jurisdiction: text("jurisdiction").notNull(),
    /** For the monthly report: the address's country and ISO 3166-2 subdivision (null when unknown). */
    country: text("country").notNull(),
    subdivision: text("subdivision"),
  },
  (t) => [index("order_tax_lines_order_idx").on(t.orderId), check("order_tax_lines_amounts_nonnegative", sql`${t.taxableCents} >= 0 and ${t.taxCents} >= 0`)],
);

/** The tax a refund gave back, per tax line of the order, and the taxable amount it was on. */
export const refundTaxLines = pgTable(
  "refund_tax_lines",
  {
    refundId: uuid("refund_id")
      .notNull()
      .references(() => refunds.id, { onDelete: "cascade" }),
    orderTaxLineId: integer("order_tax_line_id")
      .notNull()
      .references(() => orderTaxLines.id, { onDelete: "cascade" }),
    taxCents: integer("tax_cents").notNull(),
    /** The part of the line's taxable amount given back with that tax, for the report's net taxable (migration 0038). */
    taxableCents: integer("taxable_cents").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.refundId, t.orderTaxLineId] }),
    check("refund_tax_lines_positive", sql`${t.taxCents} > 0`),
    check("refund_tax_lines_taxable_nonnegative", sql`${t.taxableCents} >= 0`),
  ],
);

export type SettingsRow = typeof settings.$inferSelect;
export type ShippingRateRow = typeof shippingRates.$inferSelect;
export type TaxRateRow = typeof taxRates.$inferSelect;

/** Posts, pages and policies (issue 28): staff-edited content whose body is checked TipTap JSON (server/content). */
export const CONTENT_KINDS = ["post", "page", "policy"] as const;
export type ContentKind = (typeof CONTENT_KINDS)[number];
export const CONTENT_STATUSES = ["draft", "scheduled", "published", "archived"] as const;
export type ContentStatus = (typeof CONTENT_STATUSES)[number];

/** A cover image through the photo pipeline (media key and derivative widths), or a file the store ships (`src`). */
export interface ContentCover {
  key?: string;
  widths?: number[];
  src?: string;
  alt: string;
}

export const contentEntries = pgTable(
  "content_entries",
  {
    id: serial("id").primaryKey(),
    kind: text("kind", { enum: CONTENT_KINDS }).notNull(),
    slug: text("slug").notNull(),
    title: text("title").notNull(),
    excerpt: text("excerpt").notNull().default(""),
    /** TipTap JSON, checked by server/content/rich-text-schema.ts on every save. */
    body: jsonb("body").$type<RichTextDoc>().notNull(),
    cover: jsonb("cover").$type<ContentCover>(),
    author: text("author"),
    category: text("category"),
    tags: text("tags").array().notNull().default(sql`'{}'::text[]`),
    /** Posts: the one the blog shows on top, and the reading time shown with it ("6 min read"). */
    featured: boolean("featured").notNull().default(false),
    readTime: text("read_time"),
    seoTitle: text("seo_title"),
    seoDescription: text("seo_description"),
    status: text("status", { enum: CONTENT_STATUSES }).notNull().default("draft"),
    /** When a scheduled entry goes live: a read rule (server/content/published.ts), not a job. */
    publishAt: timestamp("publish_at", { withTimezone: true }),
    /** When it first went live (posts show it as their date). */
    publishedAt: timestamp("published_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    updatedBy: text("updated_by"),
  },
  (t) => [
    uniqueIndex("content_entries_kind_slug").on(t.kind, t.slug),
    index("content_entries_live_idx").on(t.kind, t.status, t.publishAt),
    check("content_entries_kind_known", sql`${t.kind} in ('post', 'page', 'policy')`),
    check("content_entries_status_known", sql`${t.status} in ('draft', 'scheduled', 'published', 'archived')`),
    check("content_entries_slug_format", sql`${t.slug} ~ '^[a-z0-9]+(-[a-z0-9]+)*$'`),
    check("content_entries_scheduled_has_time", sql`${t.status} <> 'scheduled' or ${t.publishAt} is not null`),
    check("content_entries_title_present", sql`length(${t.title}) between 1 and 200`),
  ],
);

/** Every save keeps one: the entry as it was saved, so staff can see and restore it. */
export const contentRevisions = pgTable(
  "content_revisions",
  {
    id: serial("id").primaryKey(),
    entryId: integer("entry_id")
      .notNull()
      .references(() => contentEntries.id, { onDelete: "cascade" }),
    snapshot: jsonb("snapshot").notNull(),
    actor: text("actor").notNull(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("content_revisions_entry_idx").on(t.entryId, t.id.desc())],
);

/** An entry's earlier slugs: the old address answers 301 to the current one. */
export const contentSlugRedirects = pgTable(
  "content_slug_redirects",
  {
    kind: text("kind", { enum: CONTENT_KINDS }).notNull(),
    oldSlug: text("old_slug").notNull(),
    entryId: integer("entry_id")
      .notNull()
      .references(() => contentEntries.id, { onDelete: "cascade" }),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.oldSlug] })],
);

export type ContentEntryRow = typeof contentEntries.$inferSelect;

/** The store's menus: the header's, the footer's columns and the footer's bottom row (issue 28). */
export const MENU_HANDLES = ["header", "footer", "legal"] as const;
export type MenuHandle = (typeof MENU_HANDLES)[number];
/**
 * What a menu item points at. Targets are ids, resolved to a URL when the page renders, so a renamed slug never breaks
 * a menu; `group` is a footer column's heading (its children are the links).
 */
export const MENU_LINK_KINDS = ["collection", "product", "entry", "url", "group"] as const;
export type MenuLinkKind = (typeof MENU_LINK_KINDS)[number];

export const menuItems = pgTable(
  "menu_items",
  {
    id: serial("id").primaryKey(),
    menu: text("menu", { enum: MENU_HANDLES }).notNull(),
    /** A footer column's links sit under its group; two levels at most. */
    parentId: integer("parent_id").references((): AnyPgColumn => menuItems.id, { onDelete: "cascade" }),
    position: integer("position").notNull().default(0),
    label: text("label").notNull(),
    kind: text("kind", { enum: MENU_LINK_KINDS }).notNull(),
    categoryId: integer("category_id").references(() => categories.id, { onDelete: "restrict" }),
    productId: integer("product_id").references(() => products.id, { onDelete: "restrict" }),
    /** A post, page or policy: while a menu points at it, it can be neither deleted nor taken offline. */
    entryId: integer("entry_id").references(() => contentEntries.id, { onDelete: "restrict" }),
    /** `url` items: a path on this store ("/category/sale") or an https address. */
    url: text("url"),
    /** A label shown beside the link ("NEW"). */
    badge: text("badge"),
  },
  (t) => [
    index("menu_items_menu_idx").on(t.menu, t.parentId, t.position),
    index("menu_items_entry_idx").on(t.entryId),
    check("menu_items_menu_known", sql`${t.menu} in ('header', 'footer', 'legal')`),
    check("menu_items_kind_known", sql`${t.kind} in ('collection', 'product', 'entry', 'url', 'group')`),
    check("menu_items_label_present", sql`length(${t.label}) between 1 and 60`),
    check(
      "menu_items_one_target",
      sql`(${t.kind} = 'collection') = (${t.categoryId} is not null) and (${t.kind} = 'product') = (${t.productId} is not null) and (${t.kind} = 'entry') = (${t.entryId} is not null) and (${t.kind} = 'url') = (${t.url} is not null)`,
    ),
  ],
);

/**
 * The home page's sections, in order. Each can be hidden or shown only between `startsAt` and `endsAt` (a read rule at
 * the service clock, as for content entries); `settings` is checked per type by server/home/section-schemas.ts.
 */
export const HOME_SECTION_TYPES = [
  "hero",
  "featured_collection",
  "product_grid",
  "rich_text",
  "image_text",
  "newsletter",
  "coming_soon",
  "collection_banners",
  "collection_links",
  "feature_displays",
  "vsop_strip",
  "social_follow",
] as const;
export type HomeSectionType = (typeof HOME_SECTION_TYPES)[number];

export const homeSections = pgTable(
  "home_sections",
  {
    id: serial("id").primaryKey(),
    position: integer("position").notNull().default(0),
    type: text("type", { enum: HOME_SECTION_TYPES }).notNull(),
    settings: jsonb("settings").notNull().default(sql`'{}'::jsonb`),
    visible: boolean("visible").notNull().default(true),
    startsAt: timestamp("starts_at", { withTimezone: true }),
    endsAt: timestamp("ends_at", { withTimezone: true }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("home_sections_position_idx").on(t.position),
    check("home_sections_window", sql`${t.startsAt} is null or ${t.endsAt} is null or ${t.startsAt} < ${t.endsAt}`),
  ],
);

/**
 * The bar above the header. The live one is the first by position whose window holds now; its message may say
 * {free_shipping_threshold}, filled from the live free-shipping rule when it renders.
 */
export const announcements = pgTable(
  "announcements",
  {
    id: serial("id").primaryKey(),
    position: integer("position").notNull().default(0),
    message: text("message").notNull(),
    /** A path on this store or an https address. */
    linkUrl: text("link_url"),
    linkLabel: text("link_label"),
    active: boolean("active").notNull().default(true),
    startsAt: timestamp("starts_at", { withTimezone: true }),
    endsAt: timestamp("ends_at", { withTimezone: true }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("announcements_message_present", sql`length(${t.message}) between 1 and 200`),
    check("announcements_window", sql`${t.startsAt} is null or ${t.endsAt} is null or ${t.startsAt} < ${t.endsAt}`),
  ],
);

export type MenuItemRow = typeof menuItems.$inferSelect;
export type HomeSectionRow = typeof homeSections.$inferSelect;
export type AnnouncementRow = typeof announcements.$inferSelect;

/**
 * The words products are found by (issue 33): names, keywords and tags of active products, rebuilt from them after a
 * catalogue change (server/search/search-words.ts). A shopper's misspelt word is corrected to the nearest of these
 * (pg_trgm similarity, then edit distance). `form` is how products spell a joined word ("t-shirt" for "tshirt").
 */
export const searchWords = pgTable("search_words", {
  word: text("word").primaryKey(),
  form: text("form"),
  products: integer("products").notNull(),
});

/** Staff synonym groups (issue 33): any term of a group finds what the others find ("tee", "t-shirt"). */
export const searchSynonyms = pgTable(
  "search_synonyms",
  {
    id: serial("id").primaryKey(),
    terms: text("terms").array().notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("search_synonyms_two_terms", sql`cardinality(${t.terms}) between 2 and 20`)],
);

/** Searches that found nothing, counted per normalised query and day: no IP address, no account (issue 33). */
export const searchMisses = pgTable(
  "search_misses",
  {
    query: text("query").notNull(),
    day: date("day", { mode: "string" }).notNull(),
    count: integer("count").notNull().default(1),
  },
  (t) => [primaryKey({ columns: [t.query, t.day] }), index("search_misses_day_idx").on(t.day)],
);

/**
 * A checkout left unpaid (issue 31, decision 0037): the cart's newest order, unpaid an hour (or the first email's delay)
 * after the shopper gave their email. Found by the minute sweep from the orders the store keeps; recovered once an
 * order paid from a cart its link restored (within 7 days of the click).
 */
export const checkoutRecoveries = pgTable(
  "checkout_recoveries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .unique()
      .references(() => orders.id, { onDelete: "cascade" }),
    cartId: uuid("cart_id").references(() => carts.id, { onDelete: "set null" }),
    email: text("email").notNull(),
    /** When the shopper gave their email (the order's creation): the delays count from here. */
    abandonedAt: timestamp("abandoned_at", { withTimezone: true }).notNull(),
    detectedAt: timestamp("detected_at", { withTimezone: true }).notNull(),
    recoveredOrderId: uuid("recovered_order_id").references((): AnyPgColumn => orders.id, { onDelete: "set null" }),
    recoveredAt: timestamp("recovered_at", { withTimezone: true }),
    recoveredCents: integer("recovered_cents"),
  },
  (t) => [index("checkout_recoveries_detected_idx").on(t.detectedAt), index("checkout_recoveries_email_idx").on(sql`lower(${t.email})`)],
);

/**
 * Each step's decision for a checkout: sent (or being sent) or skipped with its reason. One decision per step; a later
 * run for a step already sent is recorded as skipped "already_sent".
 */
export const recoveryMessages = pgTable(
  "recovery_messages",
  {
    id: serial("id").primaryKey(),
    recoveryId: uuid("recovery_id")
      .notNull()
      .references(() => checkoutRecoveries.id, { onDelete: "cascade" }),
    step: integer("step").notNull(),
    outcome: text("outcome", { enum: ["sending", "sent", "skipped"] }).notNull(),
    reason: text("reason", { enum: RECOVERY_SKIP_REASONS }),
    discountCode: text("discount_code"),
    at: timestamp("at", { withTimezone: true }).notNull(),
    /** The first click on its link (no pixels: only clicks count as opened). */
    clickedAt: timestamp("clicked_at", { withTimezone: true }),
  },
  (t) => [
    check("recovery_messages_step", sql`${t.step} in (1, 2)`),
    check("recovery_messages_outcome_known", sql`${t.outcome} in ('sending', 'sent', 'skipped')`),
    check("recovery_messages_reason_known", sql.raw(`reason is null or reason in (${RECOVERY_SKIP_REASONS.map((r) => `'${r}'`).join(", ")})`)),
    uniqueIndex("recovery_messages_one_decision").on(t.recoveryId, t.step).where(sql`${t.reason} is distinct from 'already_sent'`),
    index("recovery_messages_at_idx").on(t.at),
  ],
);

/** A cart a recovery link filled (on any device): an order paid from it within 7 days counts as recovered. */
export const recoveryRestores = pgTable(
  "recovery_restores",
  {
    id: serial("id").primaryKey(),
    recoveryId: uuid("recovery_id")
      .notNull()
      .references(() => checkoutRecoveries.id, { onDelete: "cascade" }),
    cartId: uuid("cart_id")
      .notNull()
      .references(() => carts.id, { onDelete: "cascade" }),
    at: timestamp("at", { withTimezone: true }).notNull(),
  },
  (t) => [index("recovery_restores_cart_idx").on(t.cartId, t.at)],
);

/** Addresses that said no to marketing mail through a recovery email's unsubscribe link (lower-cased). */
export const marketingOptOuts = pgTable("marketing_opt_outs", {
  email: text("email").primaryKey(),
  at: timestamp("at", { withTimezone: true }).notNull(),
});

/**
 * The funnel (issue 52, decision 0057): one row per anonymous session per stage it reached, for the session as a
 * whole (product 0) and for each product it reached the stage with. A random id the browser made, a stage, a
 * product and a time: nothing about the person. The minute job adds new rows into funnel_daily (rolled_up) and
 * deletes rows a week old; the report reads the daily counts and the rows not yet added.
 */
export const funnelEvents = pgTable(
  "funnel_events",
  {
    sessionId: uuid("session_id").notNull(),
    stage: text("stage", { enum: FUNNEL_STAGES }).notNull(),
    productId: integer("product_id").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    rolledUp: boolean("rolled_up").notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.sessionId, t.stage, t.productId] }),
    check("funnel_events_stage_known", sql.raw(`stage in (${FUNNEL_STAGES.map((s) => `'${s}'`).join(", ")})`)),
    index("funnel_events_waiting_idx").on(t.createdAt).where(sql`not ${t.rolledUp}`),
    index("funnel_events_created_idx").on(t.createdAt),
  ],
);

/** Sessions per stage, per day in the store's zone and product (0: the sessions as a whole), kept by the minute job. */
export const funnelDaily = pgTable(
  "funnel_daily",
  {
    day: date("day", { mode: "string" }).notNull(),
    stage: text("stage", { enum: FUNNEL_STAGES }).notNull(),
    productId: integer("product_id").notNull(),
    sessions: integer("sessions").notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.stage, t.productId] })],
);
