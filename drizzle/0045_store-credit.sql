CREATE TABLE "store_credit_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"kind" text NOT NULL,
	"reason" text NOT NULL,
	"order_id" uuid,
	"return_id" uuid,
	"actor" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "store_credit_entries_kind_known" CHECK ("store_credit_entries"."kind" in ('return', 'staff', 'checkout', 'refund')),
	CONSTRAINT "store_credit_entries_amount_nonzero" CHECK ("store_credit_entries"."amount_cents" <> 0),
	CONSTRAINT "store_credit_entries_email_lower" CHECK ("store_credit_entries"."email" = lower("store_credit_entries"."email"))
);
--> statement-breakpoint
ALTER TABLE "staff_roles" DROP CONSTRAINT "staff_roles_permissions_known";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "store_credit_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "store_credit_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "returns" ADD COLUMN "resolution" text DEFAULT 'refund' NOT NULL;--> statement-breakpoint
ALTER TABLE "store_credit_entries" ADD CONSTRAINT "store_credit_entries_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_credit_entries" ADD CONSTRAINT "store_credit_entries_return_id_returns_id_fk" FOREIGN KEY ("return_id") REFERENCES "public"."returns"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "store_credit_entries_email_idx" ON "store_credit_entries" USING btree ("email","created_at");--> statement-breakpoint
CREATE INDEX "store_credit_entries_order_idx" ON "store_credit_entries" USING btree ("order_id") WHERE "store_credit_entries"."order_id" is not null;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_store_credit_within_total" CHECK ("orders"."store_credit_cents" between 0 and "orders"."total_cents");--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_store_credit_within_amount" CHECK ("refunds"."store_credit_cents" between 0 and "refunds"."amount_cents");--> statement-breakpoint
ALTER TABLE "returns" ADD CONSTRAINT "returns_resolution_known" CHECK ("returns"."resolution" in ('refund', 'store_credit'));--> statement-breakpoint
ALTER TABLE "staff_roles" ADD CONSTRAINT "staff_roles_permissions_known" CHECK ("staff_roles"."permissions" <@ array['orders.read', 'orders.fulfil', 'refunds', 'products.write', 'content.write', 'discounts.write', 'drops.write', 'customers.read', 'customers.credit', 'customers.export', 'reports.read', 'settings', 'staff.manage']::text[]);--> statement-breakpoint
-- Store credit (issue 51) is given by the Owner and the Manager.
UPDATE "staff_roles" SET "permissions" = array_append("permissions", 'customers.credit') WHERE "key" IN ('owner', 'manager') AND NOT ('customers.credit' = ANY("permissions"));
