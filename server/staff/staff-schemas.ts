import { z } from "zod";
import { PERMISSIONS } from "../../shared/staff-permissions";

const permissions = z
  .array(z.enum(PERMISSIONS, `must be one of ${PERMISSIONS.join(", ")}`))
  .max(PERMISSIONS.length)
  .refine((list) => new Set(list).size === list.length, "must not list a permission twice");

const name = z.string().trim().min(1, "must not be empty").max(60, "must be at most 60 characters");
const description = z.string().trim().max(300, "must be at most 300 characters");

/** POST /api/admin/roles. */
export const roleFieldsSchema = z.object({ name, description: description.default(""), permissions }).strict();
export type RoleFields = z.output<typeof roleFieldsSchema>;

/** PATCH /api/admin/roles/:id: any of the fields. */
export const roleChangeSchema = z
  .object({ name: name.optional(), description: description.optional(), permissions: permissions.optional() })
  .strict()
  .refine((v) => Object.keys(v).length > 0, "change at least one of name, description, permissions");
export type RoleChange = z.output<typeof roleChangeSchema>;

/** PATCH /api/admin/staff/:id: the staff member's role. */
export const staffChangeSchema = z.object({ roleId: z.number().int("must be a role id").min(1, "must be a role id").max(2_147_483_647, "must be a role id") }).strict();
export type StaffChange = z.output<typeof staffChangeSchema>;

/** POST /api/admin/staff: makes an existing account a staff member with a role (until invitations replace it). */
export const staffAddSchema = z
  .object({
    username: z.string().trim().min(1, "must not be empty").max(100),
    roleId: z.number().int("must be a role id").min(1, "must be a role id").max(2_147_483_647, "must be a role id"),
  })
  .strict();
export type StaffAdd = z.output<typeof staffAddSchema>;
