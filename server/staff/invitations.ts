import { createHash, randomBytes } from "node:crypto";
import { and, asc, eq, gt, isNull, sql } from "drizzle-orm";
import { recordAudit } from "../audit/audit-log";
import { hashPassword, assertAcceptablePassword } from "../accounts/passwords";
import { assertWithinLimits, limits, recordAttempt } from "../accounts/rate-limit";
import { assertAvailable, startSession, type SignedIn } from "../accounts/sign-in";
import { toUserJson } from "../accounts/user-json";
import type { Database } from "../db/client";
import { staffInvitations, staffRoles, users } from "../db/schema";
import { AppError } from "../errors";
import { accountNoticeEmail } from "../mail/account-notice";
import type { MailingDeps } from "../mail/mail-deps";
import type { InvitationAccept, InvitationFields } from "./staff-schemas";
import { actorName, assertHolds, roleById, type StaffActor } from "./staff-roles";

/**
 * Staff invitations (issue 29): the link holds 256 random bits, of which only the SHA-256 is kept; it works once,
 * within 72 hours, and a newer invitation to the same address voids the older ones.
 */
export const INVITATION_TTL_MS = 72 * 60 * 60_000;
const BAD_LINK = "This invitation link has expired or was already used. Ask the store owner for a new one.";
const hash = (token: string) => createHash("sha256").update(token).digest("base64url");

export interface InvitationJson {
  id: number;
  email: string;
  name: string;
  role: { id: number; name: string };
  invitedBy: string;
  createdAt: string;
  expiresAt: string;
}

const open = (now: Date) => and(isNull(staffInvitations.acceptedAt), isNull(staffInvitations.revokedAt), gt(staffInvitations.expiresAt, now));
const byEmail = (email: string) => eq(sql`lower(${staffInvitations.email})`, email.toLowerCase());

/** Open invitations (not accepted, revoked or expired), newest first. */
export async function listInvitations({ db, now }: { db: Database; now: () => Date }): Promise<InvitationJson[]> {
  const rows = await db
    .select({ inv: staffInvitations, roleName: staffRoles.name })
    .from(staffInvitations)
    .innerJoin(staffRoles, eq(staffRoles.id, staffInvitations.roleId))
    .where(open(now()))
    .orderBy(sql`${staffInvitations.createdAt} desc`, asc(staffInvitations.id));
  return rows.map(({ inv, roleName }) => ({
    id: inv.id,
    email: inv.email,
    name: inv.name,
    role: { id: inv.roleId, name: roleName },
    invitedBy: inv.invitedBy.replace(/^staff:/, ""),
    createdAt: inv.createdAt.toISOString(),
    expiresAt: inv.expiresAt.toISOString(),
  }));
}

/**
 * POST /api/admin/staff/invitations: emails a link to join as staff with a role the actor holds every permission of.
 * An address that already has an account is refused (409): that account is made staff from the Staff page instead.
 */
export async function inviteStaff(deps: MailingDeps & { input: InvitationFields; actor: StaffActor }): Promise<InvitationJson & { emailed: boolean }> {
  const { db, input, actor } = deps;
  const email = input.email.toLowerCase();
  const at = deps.now();
  const token = randomBytes(32).toString("base64url");
  const { id, role } = await db.transaction(async (t) => {
    const role = await roleById(t, input.roleId, true).catch(() => Promise.reject(new AppError("bad_request", "Invalid invitation: roleId: no role has that id")));
    assertHolds(actor, role.permissions, `invite someone as ${role.name}`);
    const [account] = await t.select({ id: users.id }).from(users).where(eq(sql`lower(${users.email})`, email));
    if (account) throw new AppError("conflict", `An account already uses ${email}: make it staff from the Staff page (Add an existing account) instead of inviting it`);
    // Only the newest link to an address works.
    await t.update(staffInvitations).set({ revokedAt: at }).where(and(byEmail(email), isNull(staffInvitations.acceptedAt), isNull(staffInvitations.revokedAt)));
    const [row] = await t
      .insert(staffInvitations)
      .values({ email, name: input.name, roleId: role.id, tokenHash: hash(token), invitedBy: actorName(actor), createdAt: at, expiresAt: new Date(at.getTime() + INVITATION_TTL_MS) })
      .returning({ id: staffInvitations.id });
    await recordAudit(t, { actor: actorName(actor), entity: "staff_invitation", entityId: row!.id, action: "invite", after: { email, name: input.name, role: role.name } }, at);
    return { id: row!.id, role };
  });
  const emailed = await sendInvitation(deps, { email, name: input.name, roleName: role.name, inviter: actor.username, token }).then(
    () => true,
    (err: unknown) => {
      deps.logger.error({ err, invitationId: id }, "staff invitation email failed");
      return false;
    },
  );
  const [made] = (await listInvitations({ db, now: () => at })).filter((i) => i.id === id);
  return { ...made!, emailed };
}

async function sendInvitation(deps: MailingDeps, { email, name, roleName, inviter, token }: { email: string; name: string; roleName: string; inviter: string; token: string }) {
  const mail = await accountNoticeEmail({
    to: email,
    subject: ({ name: store }) => `You're invited to join the ${store} staff`,
    heading: "Join the staff",
    paragraphs: [
      `Hi ${name}, ${inviter} invited you to help run the store, as ${roleName}.`,
      "Choose a username and a password, then set up a second sign-in step (an authenticator app or a passkey). The link works once, for 72 hours.",
      "If you weren't expecting this, ignore this email: nothing happens without the link.",
    ],
    action: { label: "Accept the invitation", url: `${deps.storeUrl}/admin/join?token=${token}` },
    storeUrl: deps.storeUrl,
    storeIdentity: deps.storeIdentity,
  });
  await deps.mailer.send(mail);
}

/** DELETE /api/admin/staff/invitations/:id: the link stops working (404 when it is not open any more). */
export async function revokeInvitation({ db, now, id, actor }: { db: Database; now: () => Date; id: number; actor: StaffActor }): Promise<void> {
  await db.transaction(async (t) => {
    const at = now();
    const [row] = await t
      .update(staffInvitations)
      .set({ revokedAt: at })
      .where(and(eq(staffInvitations.id, id), open(at)))
      .returning({ email: staffInvitations.email, name: staffInvitations.name });
    if (!row) throw new AppError("not_found", "No open invitation has that id (it may have been accepted, revoked or expired)");
    await recordAudit(t, { actor: actorName(actor), entity: "staff_invitation", entityId: id, action: "revoke", before: row }, at);
  });
}

interface Visit {
  db: Database;
  now: () => Date;
  ip: string;
}

/** A wrong or spent token: counted against the address (limits.tokenIp), then a 404 saying what to do. */
async function badLink({ db, ip }: Visit, at: Date): Promise<never> {
  await recordAttempt(db, [limits.tokenIp(ip)], at);
  throw new AppError("not_found", BAD_LINK);
}

/** GET /api/auth/staff-invitation?token=…: what the join page shows (the address is the invitation's, not editable). */
export async function readInvitation(visit: Visit & { token: string }) {
  const at = visit.now();
  await assertWithinLimits(visit.db, [limits.tokenIp(visit.ip)], at);
  const [row] = await visit.db
    .select({ email: staffInvitations.email, name: staffInvitations.name, roleName: staffRoles.name, expiresAt: staffInvitations.expiresAt })
    .from(staffInvitations)
    .innerJoin(staffRoles, eq(staffRoles.id, staffInvitations.roleId))
    .where(and(eq(staffInvitations.tokenHash, hash(visit.token)), open(at)));
  if (!row) return badLink(visit, at);
  return { email: row.email, name: row.name, roleName: row.roleName, expiresAt: row.expiresAt.toISOString() };
}

/**
 * POST /api/auth/staff-invitation: spends the link (once: the update only matches an open invitation) and makes the
 * staff account with the invitation's role, its email verified (the link proved it), signed in without a second factor
 * yet: the staff area sends it to /admin/two-step first. A refused username or password rolls back: the link still works.
 */
export async function acceptInvitation(visit: Visit & { input: InvitationAccept; cartToken: string | null; userAgent: string | null }): Promise<SignedIn> {
  const { db, input } = visit;
  const at = visit.now();
  await assertWithinLimits(db, [limits.tokenIp(visit.ip)], at);
  const userId = await db.transaction(async (t) => {
    const [inv] = await t
      .update(staffInvitations)
      .set({ acceptedAt: at })
      .where(and(eq(staffInvitations.tokenHash, hash(input.token)), open(at)))
      .returning();
    if (!inv) return null;
    assertAcceptablePassword(input.password, { username: input.username, email: inv.email });
    await assertAvailable(t as unknown as Database, { username: input.username, email: inv.email });
    const role = await roleById(t, inv.roleId);
    const [created] = await t
      .insert(users)
      .values({ username: input.username, email: inv.email, name: input.name, passwordHash: await hashPassword(input.password), role: "admin", staffRoleId: role.id, emailVerifiedAt: at, createdAt: at, updatedAt: at })
      .onConflictDoNothing()
      .returning({ id: users.id });
    if (!created) throw new AppError("conflict", "That username or email is already registered");
    await t.update(staffInvitations).set({ userId: created.id }).where(eq(staffInvitations.id, inv.id));
    await recordAudit(t, { actor: `staff:${input.username}`, entity: "staff_invitation", entityId: inv.id, action: "accept", after: { username: input.username, email: inv.email, role: role.name } }, at);
    return created.id;
  });
  if (!userId) return badLink(visit, at);
  const [row] = await db.select().from(users).where(eq(users.id, userId));
  return startSession({ db, now: visit.now, cartToken: visit.cartToken, userAgent: visit.userAgent, userId, user: toUserJson(row!) });
}
