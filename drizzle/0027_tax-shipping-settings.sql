CREATE TABLE "order_tax_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"order_item_id" integer,
	"name" text NOT NULL,
	"rate_milli_percent" integer NOT NULL,
	"taxable_cents" integer NOT NULL,
	"tax_cents" integer NOT NULL,
	"jurisdiction" text NOT NULL,
	"country" text NOT NULL,
	"subdivision" text,
	CONSTRAINT "order_tax_lines_amounts_nonnegative" CHECK ("order_tax_lines"."taxable_cents" >= 0 and "order_tax_lines"."tax_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "refund_tax_lines" (
	"refund_id" uuid NOT NULL,
	"order_tax_line_id" integer NOT NULL,
	"tax_cents" integer NOT NULL,
	CONSTRAINT "refund_tax_lines_refund_id_order_tax_line_id_pk" PRIMARY KEY("refund_id","order_tax_line_id"),
	CONSTRAINT "refund_tax_lines_positive" CHECK ("refund_tax_lines"."tax_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"store_name" text NOT NULL,
	"legal_name" text NOT NULL,
	"address_line1" text NOT NULL,
	"address_line2" text,
	"city" text NOT NULL,
	"region" text NOT NULL,
	"postal_code" text NOT NULL,
	"country" text NOT NULL,
	"support_email" text NOT NULL,
	"phone" text,
	"sender_name" text NOT NULL,
	"sender_email" text NOT NULL,
	"logo_key" text,
	"logo_widths" integer[],
	"social_links" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"prices_include_tax" boolean DEFAULT false NOT NULL,
	"tax_on_shipping" boolean DEFAULT false NOT NULL,
	"tax_provider" text DEFAULT 'manual' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	CONSTRAINT "settings_single_row" CHECK ("settings"."id" = 1),
	CONSTRAINT "settings_tax_provider_known" CHECK ("settings"."tax_provider" in ('manual', 'stripe_tax'))
);
--> statement-breakpoint
CREATE TABLE "shipping_rates" (
	"id" serial PRIMARY KEY NOT NULL,
	"zone_id" integer NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"amount_cents" integer DEFAULT 0 NOT NULL,
	"min_subtotal_cents" integer,
	"max_subtotal_cents" integer,
	"min_weight_grams" integer,
	"max_weight_grams" integer,
	"min_days" integer NOT NULL,
	"max_days" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "shipping_rates_kind_known" CHECK ("shipping_rates"."kind" in ('flat', 'free', 'free_over', 'price_band', 'weight_band')),
	CONSTRAINT "shipping_rates_amount_range" CHECK ("shipping_rates"."amount_cents" between 0 and 1000000),
	CONSTRAINT "shipping_rates_days_ordered" CHECK ("shipping_rates"."min_days" >= 0 and "shipping_rates"."max_days" >= "shipping_rates"."min_days")
);
--> statement-breakpoint
CREATE TABLE "tax_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"stripe_tax_code" text,
	"is_default" boolean DEFAULT false NOT NULL,
	CONSTRAINT "tax_categories_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "tax_rates" (
	"id" serial PRIMARY KEY NOT NULL,
	"zone_id" integer NOT NULL,
	"tax_category_id" integer,
	"name" text NOT NULL,
	"rate_milli_percent" integer NOT NULL,
	CONSTRAINT "tax_rates_rate_range" CHECK ("tax_rates"."rate_milli_percent" between 0 and 100000)
);
--> statement-breakpoint
CREATE TABLE "zone_regions" (
	"id" serial PRIMARY KEY NOT NULL,
	"zone_id" integer NOT NULL,
	"country" text NOT NULL,
	"subdivision" text,
	"postal_prefix" text
);
--> statement-breakpoint
CREATE TABLE "zones" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "zones_kind_name_key" UNIQUE("kind","name"),
	CONSTRAINT "zones_kind_known" CHECK ("zones"."kind" in ('tax', 'shipping'))
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_method" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_min_days" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_max_days" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_before_discount_cents" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tax_included" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tax_provider" text DEFAULT 'manual' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tax_calculation_id" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tax_transaction_id" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "tax_category_id" integer;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "tax_reversal_id" text;--> statement-breakpoint
ALTER TABLE "variants" ADD COLUMN "weight_grams" integer;--> statement-breakpoint
ALTER TABLE "order_tax_lines" ADD CONSTRAINT "order_tax_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_tax_lines" ADD CONSTRAINT "order_tax_lines_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_tax_lines" ADD CONSTRAINT "refund_tax_lines_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_tax_lines" ADD CONSTRAINT "refund_tax_lines_order_tax_line_id_order_tax_lines_id_fk" FOREIGN KEY ("order_tax_line_id") REFERENCES "public"."order_tax_lines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipping_rates" ADD CONSTRAINT "shipping_rates_zone_id_zones_id_fk" FOREIGN KEY ("zone_id") REFERENCES "public"."zones"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_rates" ADD CONSTRAINT "tax_rates_zone_id_zones_id_fk" FOREIGN KEY ("zone_id") REFERENCES "public"."zones"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_rates" ADD CONSTRAINT "tax_rates_tax_category_id_tax_categories_id_fk" FOREIGN KEY ("tax_category_id") REFERENCES "public"."tax_categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "zone_regions" ADD CONSTRAINT "zone_regions_zone_id_zones_id_fk" FOREIGN KEY ("zone_id") REFERENCES "public"."zones"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_tax_lines_order_idx" ON "order_tax_lines" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "shipping_rates_zone_idx" ON "shipping_rates" USING btree ("zone_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tax_categories_one_default" ON "tax_categories" USING btree ("is_default") WHERE "tax_categories"."is_default";--> statement-breakpoint
CREATE INDEX "tax_rates_zone_idx" ON "tax_rates" USING btree ("zone_id");--> statement-breakpoint
CREATE INDEX "zone_regions_zone_idx" ON "zone_regions" USING btree ("zone_id");--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_tax_category_id_tax_categories_id_fk" FOREIGN KEY ("tax_category_id") REFERENCES "public"."tax_categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "variants" ADD CONSTRAINT "variants_weight_range" CHECK ("variants"."weight_grams" is null or "variants"."weight_grams" between 0 and 1000000);--> statement-breakpoint
INSERT INTO "settings" ("id", "store_name", "legal_name", "address_line1", "city", "region", "postal_code", "country", "support_email", "sender_name", "sender_email", "social_links")
VALUES (1, 'VSOP Apparel', 'VSOP Apparel', '200 Kent Avenue', 'Brooklyn', 'NY', '11249', 'US', 'help@vsop-apparel.example', 'VSOP Apparel', 'orders@vsop-apparel.example',
  '{"instagram":"https://www.instagram.com/vsopstore","facebook":"https://www.facebook.com/vsopstore","youtube":"https://www.youtube.com/@vsopstore","tiktok":"https://www.tiktok.com/@vsopstore"}');--> statement-breakpoint
INSERT INTO "tax_categories" ("name", "stripe_tax_code", "is_default") VALUES ('Clothing', 'txcd_30011000', true);--> statement-breakpoint
INSERT INTO "zones" ("kind", "name") VALUES ('tax', 'Everywhere'), ('shipping', 'Everywhere');--> statement-breakpoint
INSERT INTO "tax_rates" ("zone_id", "tax_category_id", "name", "rate_milli_percent") SELECT "id", NULL, 'Sales tax', 8000 FROM "zones" WHERE "kind" = 'tax' AND "name" = 'Everywhere';--> statement-breakpoint
INSERT INTO "shipping_rates" ("zone_id", "name", "kind", "amount_cents", "min_days", "max_days") SELECT "id", 'Standard shipping', 'free', 0, 3, 5 FROM "zones" WHERE "kind" = 'shipping' AND "name" = 'Everywhere';
--> statement-breakpoint
-- Orders placed before tax lines existed were taxed 8 % everywhere: their tax becomes one line per item, shared by
-- what each item cost after its discount (the last item takes the rounding), so their refunds and the report read it.
INSERT INTO "order_tax_lines" ("order_id", "order_item_id", "name", "rate_milli_percent", "taxable_cents", "tax_cents", "jurisdiction", "country", "subdivision")
SELECT "order_id", "id", 'Sales tax', 8000, "net", "share" + CASE WHEN "from_last" = 1 THEN "tax_cents" - "shared" ELSE 0 END, 'Everywhere', "shipping_country", NULL
FROM (
  SELECT s.*, sum(s."share") OVER (PARTITION BY s."order_id") AS "shared"
  FROM (
    SELECT i."id", i."order_id", o."tax_cents", o."shipping_country", i."unit_price_cents" * i."quantity" - i."discount_cents" AS "net",
      floor((i."unit_price_cents" * i."quantity" - i."discount_cents")::numeric * o."tax_cents" / nullif(sum(i."unit_price_cents" * i."quantity" - i."discount_cents") OVER (PARTITION BY i."order_id"), 0))::int AS "share",
      row_number() OVER (PARTITION BY i."order_id" ORDER BY i."id" DESC) AS "from_last"
    FROM "order_items" i JOIN "orders" o ON o."id" = i."order_id"
    WHERE o."tax_cents" > 0 AND NOT EXISTS (SELECT 1 FROM "order_tax_lines" t WHERE t."order_id" = o."id")
  ) s
) f
WHERE "share" IS NOT NULL;
