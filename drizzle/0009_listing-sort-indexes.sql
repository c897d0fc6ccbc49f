CREATE INDEX "products_category_price_idx" ON "products" USING btree ("category_id","price_cents","id");--> statement-breakpoint
CREATE INDEX "products_subcategory_price_idx" ON "products" USING btree ("subcategory_id","price_cents","id");--> statement-breakpoint
CREATE INDEX "products_category_rating_idx" ON "products" USING btree ("category_id","rating" DESC NULLS FIRST,"review_count" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "products_subcategory_rating_idx" ON "products" USING btree ("subcategory_id","rating" DESC NULLS FIRST,"review_count" DESC NULLS FIRST,"id");