CREATE TABLE "staff_roles" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"builtin" boolean DEFAULT false NOT NULL,
	"permissions" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_roles_key_unique" UNIQUE("key"),
	CONSTRAINT "staff_roles_builtin_key" CHECK ("staff_roles"."builtin" = ("staff_roles"."key" is not null)),
	CONSTRAINT "staff_roles_name_length" CHECK (char_length("staff_roles"."name") between 1 and 60),
	CONSTRAINT "staff_roles_permissions_known" CHECK ("staff_roles"."permissions" <@ array['orders.read', 'orders.fulfil', 'refunds', 'products.write', 'content.write', 'discounts.write', 'customers.read', 'customers.export', 'reports.read', 'settings', 'staff.manage']::text[])
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "staff_role_id" integer;--> statement-breakpoint
CREATE UNIQUE INDEX "staff_roles_name_key" ON "staff_roles" USING btree (lower("name"));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_staff_role_id_staff_roles_id_fk" FOREIGN KEY ("staff_role_id") REFERENCES "public"."staff_roles"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "users_staff_role_idx" ON "users" USING btree ("staff_role_id") WHERE "users"."staff_role_id" is not null;--> statement-breakpoint
INSERT INTO "staff_roles" ("key", "name", "description", "builtin", "permissions") VALUES
	('owner', 'Owner', 'Everything, including staff, roles and the store''s settings.', true, array['orders.read', 'orders.fulfil', 'refunds', 'products.write', 'content.write', 'discounts.write', 'customers.read', 'customers.export', 'reports.read', 'settings', 'staff.manage']::text[]),
	('manager', 'Manager', 'Runs the shop day to day: orders, refunds, products, content, discounts, customers and reports.', true, array['orders.read', 'orders.fulfil', 'refunds', 'products.write', 'content.write', 'discounts.write', 'customers.read', 'reports.read']::text[]),
	('fulfilment', 'Fulfilment', 'Sees orders and returns and ships orders.', true, array['orders.read', 'orders.fulfil']::text[]),
	('content_editor', 'Content editor', 'Edits pages, blog posts, menus, the home page and announcements.', true, array['content.write']::text[]);--> statement-breakpoint
UPDATE "users" SET "staff_role_id" = (SELECT "id" FROM "staff_roles" WHERE "key" = 'owner') WHERE "role" = 'admin';--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_staff_role" CHECK (("users"."role" = 'admin') = ("users"."staff_role_id" is not null));