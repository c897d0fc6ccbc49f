CREATE TABLE "campaigns" (
	"slug" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"preorder_closes_at" timestamp with time zone NOT NULL,
	"ships_at" timestamp with time zone NOT NULL,
	"free_shipping" boolean DEFAULT true NOT NULL,
	"limited_quantities" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "newsletter_subscribers" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"source" text NOT NULL,
	"offer_code" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "discount_codes" ADD COLUMN "single_use" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "discount_codes" ADD COLUMN "held_by_order_id" uuid;--> statement-breakpoint
CREATE UNIQUE INDEX "newsletter_subscribers_email_key" ON "newsletter_subscribers" USING btree (lower("email"));