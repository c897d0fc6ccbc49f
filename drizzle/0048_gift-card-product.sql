ALTER TABLE "gift_cards" ALTER COLUMN "code_hash" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "gift_cards" ALTER COLUMN "last4" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "cart_items" ADD COLUMN "gift_recipient_email" text;--> statement-breakpoint
ALTER TABLE "cart_items" ADD COLUMN "gift_message" text;--> statement-breakpoint
ALTER TABLE "cart_items" ADD COLUMN "gift_send_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "gift_cards" ADD COLUMN "order_unit" integer;--> statement-breakpoint
ALTER TABLE "gift_cards" ADD COLUMN "message" text;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "gift_card" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "gift_recipient_email" text;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "gift_message" text;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "gift_send_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "gift_card" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "gift_cards_order_unit_key" ON "gift_cards" USING btree ("order_item_id","order_unit") WHERE "gift_cards"."order_item_id" is not null;--> statement-breakpoint
CREATE INDEX "gift_cards_unsent_idx" ON "gift_cards" USING btree ("send_at") WHERE "gift_cards"."sent_at" is null;--> statement-breakpoint
ALTER TABLE "gift_cards" ADD CONSTRAINT "gift_cards_code_whole" CHECK (("gift_cards"."code_hash" is null) = ("gift_cards"."last4" is null) and ("gift_cards"."code_hash" is not null or "gift_cards"."sent_at" is null));