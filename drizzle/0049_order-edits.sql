CREATE TABLE "order_edits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"status" text NOT NULL,
	"changes" jsonb NOT NULL,
	"summary" jsonb NOT NULL,
	"plan" jsonb NOT NULL,
	"difference_cents" integer NOT NULL,
	"actor" text NOT NULL,
	"actor_name" text NOT NULL,
	"notify" boolean NOT NULL,
	"payment_intent_id" text,
	"token_hash" text,
	"payment_error" text,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "order_edits_payment_intent_id_unique" UNIQUE("payment_intent_id"),
	CONSTRAINT "order_edits_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "order_edits_status_known" CHECK (status in ('awaiting_payment', 'applied', 'expired', 'canceled'))
);
--> statement-breakpoint
ALTER TABLE "staff_roles" DROP CONSTRAINT "staff_roles_permissions_known";--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "order_edit_id" uuid;--> statement-breakpoint
ALTER TABLE "order_edits" ADD CONSTRAINT "order_edits_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_edits_order_idx" ON "order_edits" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE INDEX "order_edits_awaiting_idx" ON "order_edits" USING btree ("expires_at") WHERE "order_edits"."status" = 'awaiting_payment';--> statement-breakpoint
CREATE UNIQUE INDEX "order_edits_one_awaiting_key" ON "order_edits" USING btree ("order_id") WHERE "order_edits"."status" = 'awaiting_payment';--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_order_edit_id_order_edits_id_fk" FOREIGN KEY ("order_edit_id") REFERENCES "public"."order_edits"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_roles" ADD CONSTRAINT "staff_roles_permissions_known" CHECK ("staff_roles"."permissions" <@ array['orders.read', 'orders.fulfil', 'orders.edit', 'refunds', 'products.write', 'content.write', 'discounts.write', 'drops.write', 'customers.read', 'customers.credit', 'giftcards.write', 'customers.export', 'reports.read', 'settings', 'staff.manage']::text[]);--> statement-breakpoint
-- Order edits (issue 51) are made by the Owner, the Manager and Fulfilment.
UPDATE "staff_roles" SET "permissions" = array_append("permissions", 'orders.edit') WHERE "key" IN ('owner', 'manager', 'fulfilment') AND NOT ('orders.edit' = ANY("permissions"));
