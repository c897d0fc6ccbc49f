CREATE TABLE "product_handle_redirects" (
	"handle" text PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "products_newest_idx";--> statement-breakpoint
DROP INDEX "products_category_newest_idx";--> statement-breakpoint
DROP INDEX "products_subcategory_newest_idx";--> statement-breakpoint
DROP INDEX "products_price_idx";--> statement-breakpoint
DROP INDEX "products_category_price_idx";--> statement-breakpoint
DROP INDEX "products_subcategory_price_idx";--> statement-breakpoint
DROP INDEX "products_rating_idx";--> statement-breakpoint
DROP INDEX "products_category_rating_idx";--> statement-breakpoint
DROP INDEX "products_subcategory_rating_idx";--> statement-breakpoint
DROP INDEX "products_sale_idx";--> statement-breakpoint
DROP INDEX "products_new_idx";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "handle" text;--> statement-breakpoint
-- Handles for existing products from their names ("VSOP Premium Hoodie" → vsop-premium-hoodie); a name that two
-- products share gets the later one's id appended.
UPDATE "products" SET "handle" = coalesce(nullif(trim(both '-' from regexp_replace(lower("name"), '[^a-z0-9]+', '-', 'g')), ''), 'product-' || "id");--> statement-breakpoint
UPDATE "products" p SET "handle" = p."handle" || '-' || p."id" WHERE EXISTS (SELECT 1 FROM "products" q WHERE q."handle" = p."handle" AND q."id" < p."id");--> statement-breakpoint
ALTER TABLE "products" ALTER COLUMN "handle" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "status" text DEFAULT 'active' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "tags" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "product_handle_redirects" ADD CONSTRAINT "product_handle_redirects_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "products_newest_idx" ON "products" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "products"."status" = 'active';--> statement-breakpoint
CREATE INDEX "products_category_newest_idx" ON "products" USING btree ("category_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "products"."status" = 'active';--> statement-breakpoint
CREATE INDEX "products_subcategory_newest_idx" ON "products" USING btree ("subcategory_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "products"."status" = 'active';--> statement-breakpoint
CREATE INDEX "products_price_idx" ON "products" USING btree ("price_cents","id") WHERE "products"."status" = 'active';--> statement-breakpoint
CREATE INDEX "products_category_price_idx" ON "products" USING btree ("category_id","price_cents","id") WHERE "products"."status" = 'active';--> statement-breakpoint
CREATE INDEX "products_subcategory_price_idx" ON "products" USING btree ("subcategory_id","price_cents","id") WHERE "products"."status" = 'active';--> statement-breakpoint
CREATE INDEX "products_rating_idx" ON "products" USING btree ("rating" DESC NULLS FIRST,"review_count" DESC NULLS FIRST,"id") WHERE "products"."status" = 'active';--> statement-breakpoint
CREATE INDEX "products_category_rating_idx" ON "products" USING btree ("category_id","rating" DESC NULLS FIRST,"review_count" DESC NULLS FIRST,"id") WHERE "products"."status" = 'active';--> statement-breakpoint
CREATE INDEX "products_subcategory_rating_idx" ON "products" USING btree ("subcategory_id","rating" DESC NULLS FIRST,"review_count" DESC NULLS FIRST,"id") WHERE "products"."status" = 'active';--> statement-breakpoint
CREATE INDEX "products_sale_idx" ON "products" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "products"."compare_at_cents" is not null and "products"."status" = 'active';--> statement-breakpoint
CREATE INDEX "products_new_idx" ON "products" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "products"."is_new" and "products"."status" = 'active';--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_handle_unique" UNIQUE("handle");--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_status_known" CHECK ("products"."status" in ('draft', 'active', 'archived'));--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_handle_format" CHECK ("products"."handle" ~ '^[a-z0-9]+(-[a-z0-9]+)*$');