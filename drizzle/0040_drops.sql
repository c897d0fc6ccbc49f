CREATE TABLE "drop_challenge_uses" (
	"signature" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "drop_invitations" (
	"id" serial PRIMARY KEY NOT NULL,
	"drop_id" integer NOT NULL,
	"email" text NOT NULL,
	"token_hash" text NOT NULL,
	"sent_at" timestamp with time zone,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "drop_invitations_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "drop_invitations_one_per_email" UNIQUE("drop_id","email")
);
--> statement-breakpoint
CREATE TABLE "drop_passes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"drop_id" integer NOT NULL,
	"kind" text NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "drop_passes_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"joined_at" timestamp with time zone NOT NULL,
	"admit_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"invitation_id" integer,
	CONSTRAINT "drop_passes_kind_known" CHECK ("drop_passes"."kind" in ('line', 'early'))
);
--> statement-breakpoint
CREATE TABLE "drop_products" (
	"drop_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "drop_products_drop_id_product_id_pk" PRIMARY KEY("drop_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "drops" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"announce_at" timestamp with time zone NOT NULL,
	"early_access_at" timestamp with time zone,
	"opens_at" timestamp with time zone NOT NULL,
	"preorder_closes_at" timestamp with time zone NOT NULL,
	"ships_at" timestamp with time zone NOT NULL,
	"per_product_limit" integer,
	"per_drop_limit" integer,
	"free_shipping" boolean DEFAULT true NOT NULL,
	"limited_quantities" boolean DEFAULT true NOT NULL,
	"admit_per_minute" integer,
	"checkout_minutes" integer DEFAULT 10 NOT NULL,
	"page" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"line_next_slot_at" timestamp with time zone,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "drops_slug_unique" UNIQUE("slug"),
	CONSTRAINT "drops_dates_in_order" CHECK ("drops"."announce_at" <= "drops"."opens_at" and ("drops"."early_access_at" is null or ("drops"."announce_at" <= "drops"."early_access_at" and "drops"."early_access_at" <= "drops"."opens_at")) and "drops"."opens_at" <= "drops"."preorder_closes_at" and "drops"."preorder_closes_at" <= "drops"."ships_at"),
	CONSTRAINT "drops_limits_positive" CHECK (("drops"."per_product_limit" is null or "drops"."per_product_limit" > 0) and ("drops"."per_drop_limit" is null or "drops"."per_drop_limit" > 0) and ("drops"."admit_per_minute" is null or "drops"."admit_per_minute" > 0) and "drops"."checkout_minutes" > 0)
);
--> statement-breakpoint
ALTER TABLE "drop_invitations" ADD CONSTRAINT "drop_invitations_drop_id_drops_id_fk" FOREIGN KEY ("drop_id") REFERENCES "public"."drops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drop_passes" ADD CONSTRAINT "drop_passes_drop_id_drops_id_fk" FOREIGN KEY ("drop_id") REFERENCES "public"."drops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drop_products" ADD CONSTRAINT "drop_products_drop_id_drops_id_fk" FOREIGN KEY ("drop_id") REFERENCES "public"."drops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drop_products" ADD CONSTRAINT "drop_products_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "drop_passes_drop_admit_idx" ON "drop_passes" USING btree ("drop_id","admit_at");--> statement-breakpoint
CREATE INDEX "drop_products_product_idx" ON "drop_products" USING btree ("product_id");--> statement-breakpoint
-- The VSOP campaign becomes the first drop (issue 48): its name, dates and flags, open since now (or since it closed),
-- with the products of its collection (tech-casual), and a default page (a hero with its countdown, its products' grid).
INSERT INTO "drops" ("slug", "name", "announce_at", "opens_at", "preorder_closes_at", "ships_at", "free_shipping", "limited_quantities", "page")
SELECT "slug", "name", least(now(), "preorder_closes_at"), least(now(), "preorder_closes_at"), "preorder_closes_at", "ships_at", "free_shipping", "limited_quantities",
  '[{"type":"drop_hero","settings":{}},{"type":"drop_products","settings":{}}]'::jsonb
FROM "campaigns";--> statement-breakpoint
INSERT INTO "drop_products" ("drop_id", "product_id", "position")
SELECT d."id", p."id", p."id" FROM "drops" d, "products" p JOIN "categories" c ON c."id" = p."category_id"
WHERE d."slug" = 'vsop' AND c."slug" = 'tech-casual' AND c."parent_id" IS NULL;--> statement-breakpoint
DROP TABLE "campaigns" CASCADE;