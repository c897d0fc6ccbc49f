import { z } from "zod";

export const username = z
  .string({ error: "Username is required" })
  .trim()
  .min(3, "Username must be at least 3 characters")
  .max(30, "Username must be at most 30 characters")
  .regex(/^[A-Za-z0-9_.-]+$/, "Username may use letters, digits, dots, dashes and underscores");
export const email = z.email({ error: "Enter a valid email address" }).max(254, "Email is too long");
export const fullName = z.string({ error: "Full name is required" }).trim().min(1, "Full name is required").max(100, "Full name is too long");
const password = z.string({ error: "Password is required" }).min(1, "Password is required").max(256, "Passwords can be at most 256 characters");

/** POST /api/auth/register (SPEC §7). */
export const registerSchema = z.object({ username, email, password, name: fullName }).strict();
/** POST /api/auth/login: the username, or the account's email. */
export const loginSchema = z.object({ username: z.string({ error: "Username is required" }).trim().min(1, "Username is required").max(254), password }).strict();
/** PATCH /api/account/profile */
export const profileSchema = z
  .object({ name: fullName.optional(), email: email.optional(), username: username.optional() })
  .strict()
  .refine((p) => p.name !== undefined || p.email !== undefined || p.username !== undefined, { message: "Nothing to change" });
export const favoriteSchema = z.object({ productId: z.number().int().positive().max(2_147_483_647) }).strict();

/** POST /api/auth/forgot-password */
export const forgotPasswordSchema = z.object({ email }).strict();
/** POST /api/auth/reset-password: the token from the emailed link and the new password. */
export const resetPasswordSchema = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{43}$/, "This link is invalid or has expired. Ask for a new one."), password }).strict();
/** POST /api/auth/verify-email and /api/auth/confirm-email: the token from the emailed link. */
export const linkTokenSchema = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{43}$/, "This link is invalid or has expired. Ask for a new one from your account.") }).strict();
/** POST /api/account/email: the password, and the address to move to (it changes once that address confirms). */
export const emailChangeSchema = z.object({ password, newEmail: email }).strict();
/** PATCH /api/account/password */
export const changePasswordSchema = z.object({ currentPassword: password, newPassword: password }).strict();
/** POST /api/account/delete: the password confirms it, or a passkey's answer to a sign-in challenge. */
export const deleteAccountSchema = z.union(
  [
    z.object({ password }).strict(),
    z.object({ passkey: z.object({ ceremonyId: z.uuid(), response: z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{1,1024}$/), type: z.literal("public-key") }).loose() }).strict() }).strict(),
  ],
  { error: "Confirm with your password or a passkey" },
);
/** A signed-in device's name in the account's device list. */
export const sessionKey = z.string().regex(/^[A-Za-z0-9_-]{22}$/, "must be a device from the list");

export type RegisterInput = z.infer<typeof registerSchema>;
export type ProfileInput = z.infer<typeof profileSchema>;
