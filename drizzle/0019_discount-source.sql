ALTER TABLE "discount_codes" ADD COLUMN "source" text DEFAULT 'staff' NOT NULL;--> statement-breakpoint
ALTER TABLE "discount_codes" ADD CONSTRAINT "discount_codes_source_known" CHECK ("discount_codes"."source" in ('staff', 'offer'));--> statement-breakpoint
UPDATE "discount_codes" SET "source" = 'offer' WHERE "code" LIKE 'WELCOME-%' AND "usage_limit" = 1;
