CREATE TABLE "announcements" (
	"id" serial PRIMARY KEY NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"message" text NOT NULL,
	"link_url" text,
	"link_label" text,
	"active" boolean DEFAULT true NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "announcements_message_present" CHECK (length("announcements"."message") between 1 and 200),
	CONSTRAINT "announcements_window" CHECK ("announcements"."starts_at" is null or "announcements"."ends_at" is null or "announcements"."starts_at" < "announcements"."ends_at")
);
--> statement-breakpoint
CREATE TABLE "home_sections" (
	"id" serial PRIMARY KEY NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"type" text NOT NULL,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"visible" boolean DEFAULT true NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "home_sections_window" CHECK ("home_sections"."starts_at" is null or "home_sections"."ends_at" is null or "home_sections"."starts_at" < "home_sections"."ends_at")
);
--> statement-breakpoint
CREATE TABLE "menu_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"menu" text NOT NULL,
	"parent_id" integer,
	"position" integer DEFAULT 0 NOT NULL,
	"label" text NOT NULL,
	"kind" text NOT NULL,
	"category_id" integer,
	"product_id" integer,
	"entry_id" integer,
	"url" text,
	"badge" text,
	CONSTRAINT "menu_items_menu_known" CHECK ("menu_items"."menu" in ('header', 'footer', 'legal')),
	CONSTRAINT "menu_items_kind_known" CHECK ("menu_items"."kind" in ('collection', 'product', 'entry', 'url', 'group')),
	CONSTRAINT "menu_items_label_present" CHECK (length("menu_items"."label") between 1 and 60),
	CONSTRAINT "menu_items_one_target" CHECK (("menu_items"."kind" = 'collection') = ("menu_items"."category_id" is not null) and ("menu_items"."kind" = 'product') = ("menu_items"."product_id" is not null) and ("menu_items"."kind" = 'entry') = ("menu_items"."entry_id" is not null) and ("menu_items"."kind" = 'url') = ("menu_items"."url" is not null))
);
--> statement-breakpoint
ALTER TABLE "menu_items" ADD CONSTRAINT "menu_items_parent_id_menu_items_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."menu_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "menu_items" ADD CONSTRAINT "menu_items_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "menu_items" ADD CONSTRAINT "menu_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "menu_items" ADD CONSTRAINT "menu_items_entry_id_content_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."content_entries"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "home_sections_position_idx" ON "home_sections" USING btree ("position");--> statement-breakpoint
CREATE INDEX "menu_items_menu_idx" ON "menu_items" USING btree ("menu","parent_id","position");--> statement-breakpoint
CREATE INDEX "menu_items_entry_idx" ON "menu_items" USING btree ("entry_id");