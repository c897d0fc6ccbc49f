ALTER TABLE "stock_alerts" ADD COLUMN "drop_id" integer;--> statement-breakpoint
ALTER TABLE "stock_alerts" ADD CONSTRAINT "stock_alerts_drop_id_drops_id_fk" FOREIGN KEY ("drop_id") REFERENCES "public"."drops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- A waitlist row (variant_id null) named no drop: until drops were data the only waitlist was VSOP's, the first drop.
UPDATE "stock_alerts" SET "drop_id" = coalesce((SELECT "id" FROM "drops" WHERE "slug" = 'vsop'), (SELECT min("id") FROM "drops")) WHERE "variant_id" IS NULL;--> statement-breakpoint
-- With no drop at all there is nothing such a row could wait for.
DELETE FROM "stock_alerts" WHERE "variant_id" IS NULL AND "drop_id" IS NULL;--> statement-breakpoint
DROP INDEX "stock_alerts_target_email_key";--> statement-breakpoint
CREATE UNIQUE INDEX "stock_alerts_target_email_key" ON "stock_alerts" USING btree (coalesce("variant_id", 0),coalesce("drop_id", 0),lower("email"));--> statement-breakpoint
ALTER TABLE "stock_alerts" ADD CONSTRAINT "stock_alerts_one_target" CHECK (("stock_alerts"."variant_id" is null) <> ("stock_alerts"."drop_id" is null));
