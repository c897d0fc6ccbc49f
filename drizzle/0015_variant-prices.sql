ALTER TABLE "variants" ADD COLUMN "price_cents" integer;--> statement-breakpoint
ALTER TABLE "variants" ADD COLUMN "compare_at_cents" integer;--> statement-breakpoint
UPDATE "variants" v SET "price_cents" = p."price_cents", "compare_at_cents" = p."compare_at_cents" FROM "products" p WHERE p."id" = v."product_id";--> statement-breakpoint
ALTER TABLE "variants" ALTER COLUMN "price_cents" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "variants" ADD CONSTRAINT "variants_price_positive" CHECK ("variants"."price_cents" > 0);--> statement-breakpoint
ALTER TABLE "variants" ADD CONSTRAINT "variants_compare_at_above_price" CHECK ("variants"."compare_at_cents" is null or "variants"."compare_at_cents" > "variants"."price_cents");
