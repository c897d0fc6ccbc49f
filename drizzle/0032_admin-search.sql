CREATE INDEX "orders_number_prefix_idx" ON "orders" USING btree ("order_number" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "orders_email_prefix_idx" ON "orders" USING btree (lower("email") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "products_name_words_idx" ON "products" USING gin (to_tsvector('simple'::regconfig, "name"));--> statement-breakpoint
CREATE INDEX "products_handle_prefix_idx" ON "products" USING btree ("handle" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "users_email_prefix_idx" ON "users" USING btree (lower("email") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "users_name_prefix_idx" ON "users" USING btree (lower("name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "variants_sku_prefix_idx" ON "variants" USING btree (upper("sku") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "variants_barcode_idx" ON "variants" USING btree ("barcode") WHERE "variants"."barcode" is not null;