import { z } from "zod";
import { PERMISSIONS } from "../../shared/staff-permissions";
import { fullName, username } from "../accounts/account-schemas";

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

const roleId = z.number().int("must be a role id").min(1, "must be a role id").max(2_147_483_647, "must be a role id");

/** POST /api/admin/staff/invitations: who is invited (the address the link goes to) and the role they will have. */
export const invitationFieldsSchema = z
  .object({
    email: z.email({ error: "must be an email address" }).max(254, "must be at most 254 characters"),
    name: z.string().trim().min(1, "must not be empty").max(100, "must be at most 100 characters"),
    roleId,
  })
  .strict();
export type InvitationFields = z.output<typeof invitationFieldsSchema>;

/** The token of an invitation link: 256 random bits, base64url. */
const invitationToken = z.string().regex(/^[A-Za-z0-9_-]{43}$/, "This invitation link is not complete. Open the link from the email again.");

/** GET /api/auth/staff-invitation?token=…: what the join page shows before the invitee chooses a password. */
export const invitationQuerySchema = z.object({ token: invitationToken }).strict();

/** POST /api/auth/staff-invitation: accepts the invitation with the new account's username, name and password. */
export const invitationAcceptSchema = z
  .object({
    token: invitationToken,
    username,
    name: fullName,
    password: z.string({ error: "Password is required" }).min(1, "Password is required").max(256, "Passwords can be at most 256 characters"),
  })
  .strict();
export type InvitationAccept = z.output<typeof invitationAcceptSchema>;

/** A second-factor code: 6 digits from the authenticator app, or a recovery code (xxxxx-xxxxx, spaces allowed). */
export const secondFactorCodeSchema = z
  .object({
    code: z
      .string()
      .trim()
      .min(6, "must be the 6-digit code from your app or a recovery code")
      .max(20, "must be the 6-digit code from your app or a recovery code")
      .regex(/^[A-Za-z0-9\s-]+$/, "must be the 6-digit code from your app or a recovery code"),
    /** What the code is for: finishing a sign-in (the default) or confirming a sensitive change (a step-up). */
    purpose: z.enum(["sign-in", "step-up"]).default("sign-in"),
  })
  .strict();

/** The first code from a newly added authenticator app. */
export const totpConfirmSchema = z.object({ code: z.string().trim().regex(/^\d{6}$/, "must be the 6-digit code from your app") }).strict();
