ALTER TABLE "returns" DROP CONSTRAINT "returns_resolution_known";--> statement-breakpoint
ALTER TABLE "return_items" ADD COLUMN "exchange_variant_id" integer;--> statement-breakpoint
ALTER TABLE "returns" ADD COLUMN "exchange_order_id" uuid;--> statement-breakpoint
ALTER TABLE "return_items" ADD CONSTRAINT "return_items_exchange_variant_id_variants_id_fk" FOREIGN KEY ("exchange_variant_id") REFERENCES "public"."variants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "returns" ADD CONSTRAINT "returns_exchange_order_id_orders_id_fk" FOREIGN KEY ("exchange_order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "returns" ADD CONSTRAINT "returns_resolution_known" CHECK ("returns"."resolution" in ('refund', 'store_credit', 'exchange'));