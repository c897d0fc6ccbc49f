CREATE TABLE "cart_gift_cards" (
	"cart_id" uuid NOT NULL,
	"gift_card_id" uuid NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cart_gift_cards_cart_id_gift_card_id_pk" PRIMARY KEY("cart_id","gift_card_id")
);
--> statement-breakpoint
CREATE TABLE "gift_card_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"gift_card_id" uuid NOT NULL,
	"amount_cents" integer NOT NULL,
	"kind" text NOT NULL,
	"reason" text NOT NULL,
	"order_id" uuid,
	"actor" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gift_card_entries_kind_known" CHECK ("gift_card_entries"."kind" in ('issue', 'staff', 'checkout', 'refund')),
	CONSTRAINT "gift_card_entries_amount_nonzero" CHECK ("gift_card_entries"."amount_cents" <> 0)
);
--> statement-breakpoint
CREATE TABLE "gift_cards" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code_hash" text NOT NULL,
	"last4" text NOT NULL,
	"currency" text DEFAULT 'usd' NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"expires_at" timestamp with time zone,
	"recipient_email" text,
	"send_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"order_id" uuid,
	"order_item_id" integer,
	"issued_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gift_cards_code_hash_unique" UNIQUE("code_hash"),
	CONSTRAINT "gift_cards_status_known" CHECK ("gift_cards"."status" in ('active', 'disabled')),
	CONSTRAINT "gift_cards_last4_shape" CHECK ("gift_cards"."last4" ~ '^[A-Z0-9]{4}$'),
	CONSTRAINT "gift_cards_has_source" CHECK ("gift_cards"."order_id" is not null or "gift_cards"."issued_by" is not null)
);
--> statement-breakpoint
ALTER TABLE "staff_roles" DROP CONSTRAINT "staff_roles_permissions_known";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "gift_card_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "cart_gift_cards" ADD CONSTRAINT "cart_gift_cards_cart_id_carts_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."carts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_gift_cards" ADD CONSTRAINT "cart_gift_cards_gift_card_id_gift_cards_id_fk" FOREIGN KEY ("gift_card_id") REFERENCES "public"."gift_cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_card_entries" ADD CONSTRAINT "gift_card_entries_gift_card_id_gift_cards_id_fk" FOREIGN KEY ("gift_card_id") REFERENCES "public"."gift_cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_card_entries" ADD CONSTRAINT "gift_card_entries_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_cards" ADD CONSTRAINT "gift_cards_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "gift_card_entries_card_idx" ON "gift_card_entries" USING btree ("gift_card_id","created_at");--> statement-breakpoint
CREATE INDEX "gift_card_entries_order_idx" ON "gift_card_entries" USING btree ("order_id") WHERE "gift_card_entries"."order_id" is not null;--> statement-breakpoint
CREATE INDEX "gift_cards_last4_idx" ON "gift_cards" USING btree ("last4");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_gift_cards_within_total" CHECK ("orders"."gift_card_cents" >= 0 and "orders"."gift_card_cents" + "orders"."store_credit_cents" <= "orders"."total_cents");--> statement-breakpoint
ALTER TABLE "staff_roles" ADD CONSTRAINT "staff_roles_permissions_known" CHECK ("staff_roles"."permissions" <@ array['orders.read', 'orders.fulfil', 'refunds', 'products.write', 'content.write', 'discounts.write', 'drops.write', 'customers.read', 'customers.credit', 'giftcards.write', 'customers.export', 'reports.read', 'settings', 'staff.manage']::text[]);--> statement-breakpoint
-- Gift cards (issue 51) are issued, adjusted and disabled by the Owner and the Manager.
UPDATE "staff_roles" SET "permissions" = array_append("permissions", 'giftcards.write') WHERE "key" IN ('owner', 'manager') AND NOT ('giftcards.write' = ANY("permissions"));
