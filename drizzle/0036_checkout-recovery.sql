CREATE TABLE "checkout_recoveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"cart_id" uuid,
	"email" text NOT NULL,
	"abandoned_at" timestamp with time zone NOT NULL,
	"detected_at" timestamp with time zone NOT NULL,
	"recovered_order_id" uuid,
	"recovered_at" timestamp with time zone,
	"recovered_cents" integer,
	CONSTRAINT "checkout_recoveries_order_id_unique" UNIQUE("order_id")
);
--> statement-breakpoint
CREATE TABLE "marketing_opt_outs" (
	"email" text PRIMARY KEY NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recovery_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"recovery_id" uuid NOT NULL,
	"step" integer NOT NULL,
	"outcome" text NOT NULL,
	"reason" text,
	"discount_code" text,
	"at" timestamp with time zone NOT NULL,
	"clicked_at" timestamp with time zone,
	CONSTRAINT "recovery_messages_step" CHECK ("recovery_messages"."step" in (1, 2)),
	CONSTRAINT "recovery_messages_outcome_known" CHECK ("recovery_messages"."outcome" in ('sending', 'sent', 'skipped')),
	CONSTRAINT "recovery_messages_reason_known" CHECK (reason is null or reason in ('paid', 'empty_cart', 'sold_out', 'unsubscribed', 'already_sent', 'no_consent', 'turned_off'))
);
--> statement-breakpoint
CREATE TABLE "recovery_restores" (
	"id" serial PRIMARY KEY NOT NULL,
	"recovery_id" uuid NOT NULL,
	"cart_id" uuid NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "marketing_consent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "marketing_consent_wording" text;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "recovery_audience" text DEFAULT 'consented' NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "recovery_first_delay_minutes" integer DEFAULT 60;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "recovery_second_delay_minutes" integer DEFAULT 1440;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "recovery_discount_code" text;--> statement-breakpoint
ALTER TABLE "checkout_recoveries" ADD CONSTRAINT "checkout_recoveries_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkout_recoveries" ADD CONSTRAINT "checkout_recoveries_cart_id_carts_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."carts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkout_recoveries" ADD CONSTRAINT "checkout_recoveries_recovered_order_id_orders_id_fk" FOREIGN KEY ("recovered_order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recovery_messages" ADD CONSTRAINT "recovery_messages_recovery_id_checkout_recoveries_id_fk" FOREIGN KEY ("recovery_id") REFERENCES "public"."checkout_recoveries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recovery_restores" ADD CONSTRAINT "recovery_restores_recovery_id_checkout_recoveries_id_fk" FOREIGN KEY ("recovery_id") REFERENCES "public"."checkout_recoveries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recovery_restores" ADD CONSTRAINT "recovery_restores_cart_id_carts_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."carts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "checkout_recoveries_detected_idx" ON "checkout_recoveries" USING btree ("detected_at");--> statement-breakpoint
CREATE INDEX "checkout_recoveries_email_idx" ON "checkout_recoveries" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "recovery_messages_one_decision" ON "recovery_messages" USING btree ("recovery_id","step") WHERE "recovery_messages"."reason" is distinct from 'already_sent';--> statement-breakpoint
CREATE INDEX "recovery_messages_at_idx" ON "recovery_messages" USING btree ("at");--> statement-breakpoint
CREATE INDEX "recovery_restores_cart_idx" ON "recovery_restores" USING btree ("cart_id","at");--> statement-breakpoint
ALTER TABLE "settings" ADD CONSTRAINT "settings_recovery_discount_code_discount_codes_code_fk" FOREIGN KEY ("recovery_discount_code") REFERENCES "public"."discount_codes"("code") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settings" ADD CONSTRAINT "settings_recovery_audience_known" CHECK ("settings"."recovery_audience" in ('consented', 'everyone'));