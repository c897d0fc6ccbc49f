CREATE TABLE "reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" integer NOT NULL,
	"user_id" uuid NOT NULL,
	"order_id" uuid,
	"size" text NOT NULL,
	"color" text NOT NULL,
	"rating" integer NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"fit" text,
	"author_name" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reject_reason" text,
	"reply" text,
	"replied_at" timestamp with time zone,
	"moderated_by" text,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reviews_user_product_key" UNIQUE("user_id","product_id"),
	CONSTRAINT "reviews_rating_range" CHECK ("reviews"."rating" between 1 and 5),
	CONSTRAINT "reviews_status_known" CHECK ("reviews"."status" in ('pending', 'published', 'rejected')),
	CONSTRAINT "reviews_fit_known" CHECK ("reviews"."fit" is null or "reviews"."fit" in ('small', 'true', 'large')),
	CONSTRAINT "reviews_lengths" CHECK (char_length("reviews"."title") between 1 and 120 and char_length("reviews"."body") between 1 and 5000 and char_length(coalesce("reviews"."reply", '')) <= 2000)
);
--> statement-breakpoint
CREATE TABLE "stock_alerts" (
	"id" serial PRIMARY KEY NOT NULL,
	"variant_id" integer,
	"email" text NOT NULL,
	"user_id" uuid,
	"status" text DEFAULT 'pending' NOT NULL,
	"confirm_token_hash" text,
	"confirmed_at" timestamp with time zone,
	"claimed_at" timestamp with time zone,
	"notified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_alerts_confirm_token_hash_unique" UNIQUE("confirm_token_hash"),
	CONSTRAINT "stock_alerts_status_known" CHECK ("stock_alerts"."status" in ('pending', 'active', 'notified', 'unsubscribed'))
);
--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ADD COLUMN "unsubscribed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_alerts" ADD CONSTRAINT "stock_alerts_variant_id_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_alerts" ADD CONSTRAINT "stock_alerts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reviews_product_published_idx" ON "reviews" USING btree ("product_id","published_at" DESC NULLS FIRST) WHERE "reviews"."status" = 'published';--> statement-breakpoint
CREATE INDEX "reviews_status_idx" ON "reviews" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "stock_alerts_target_email_key" ON "stock_alerts" USING btree (coalesce("variant_id", 0),lower("email"));--> statement-breakpoint
CREATE INDEX "stock_alerts_active_idx" ON "stock_alerts" USING btree ("variant_id") WHERE "stock_alerts"."status" = 'active';--> statement-breakpoint
-- No review was ever written: the seeded numbers go, and published reviews are the only source of ratings from here on.
UPDATE "products" SET "rating" = 0, "review_count" = 0;
