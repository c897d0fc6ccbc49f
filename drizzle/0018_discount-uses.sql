INSERT INTO "discount_redemptions" ("order_id", "code", "user_id", "email", "state", "created_at")
SELECT o."id", o."discount_code", o."user_id", lower(o."email"),
  CASE WHEN o."status" IN ('paid', 'processing', 'shipped', 'delivered') THEN 'paid'
       WHEN o."status" IN ('pending', 'failed') AND o."stock_state" = 'held' THEN 'held'
       ELSE 'released' END,
  o."created_at"
FROM "orders" o JOIN "discount_codes" d ON d."code" = o."discount_code";--> statement-breakpoint
UPDATE "discount_codes" SET "usage_limit" = 1 WHERE "single_use";--> statement-breakpoint
ALTER TABLE "discount_codes" DROP COLUMN "single_use";--> statement-breakpoint
ALTER TABLE "discount_codes" DROP COLUMN "held_by_order_id";
