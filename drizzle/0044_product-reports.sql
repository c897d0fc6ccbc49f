ALTER TABLE "orders" ADD COLUMN "utm_source" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "utm_medium" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "referrer_host" text;--> statement-breakpoint
ALTER TABLE "variants" ADD COLUMN "sold_out_at" timestamp with time zone;--> statement-breakpoint
-- The stock trigger of migration 0039 also notes when a variant sells out (on_hand falls to 0), whatever code wrote
-- it, for the sell-through report (issue 52). Reservations don't count: a held checkout may still be released.
CREATE OR REPLACE FUNCTION "variants_bump_stock_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."on_hand" IS DISTINCT FROM OLD."on_hand" OR NEW."reserved" IS DISTINCT FROM OLD."reserved" THEN
    NEW."stock_version" := OLD."stock_version" + 1;
  END IF;
  IF NEW."on_hand" = 0 AND OLD."on_hand" > 0 THEN
    NEW."sold_out_at" := now();
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
-- Variants already sold out: the last paid order that took one is when they did, as far as the orders tell.
UPDATE "variants" v SET "sold_out_at" = (
  SELECT max(o."paid_at") FROM "order_items" i JOIN "orders" o ON o."id" = i."order_id"
  WHERE i."variant_id" = v."id" AND o."paid_at" IS NOT NULL
) WHERE v."on_hand" = 0;
