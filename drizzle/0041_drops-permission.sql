ALTER TABLE "staff_roles" DROP CONSTRAINT "staff_roles_permissions_known";--> statement-breakpoint
ALTER TABLE "staff_roles" ADD CONSTRAINT "staff_roles_permissions_known" CHECK ("staff_roles"."permissions" <@ array['orders.read', 'orders.fulfil', 'refunds', 'products.write', 'content.write', 'discounts.write', 'drops.write', 'customers.read', 'customers.export', 'reports.read', 'settings', 'staff.manage']::text[]);--> statement-breakpoint
-- Drops (issue 48) are run by the Owner and the Manager.
UPDATE "staff_roles" SET "permissions" = array_append("permissions", 'drops.write') WHERE "key" IN ('owner', 'manager') AND NOT ('drops.write' = ANY("permissions"));
