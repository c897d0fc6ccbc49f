ALTER TABLE "orders" ADD COLUMN "refund_issued_at" timestamp with time zone;--> statement-breakpoint
-- Refunds made before this column existed were requested at the time; only refunds from now on are tracked.
UPDATE "orders" SET "refund_issued_at" = "updated_at" WHERE "paid_at" IS NOT NULL AND "status" IN ('refunded', 'canceled');
