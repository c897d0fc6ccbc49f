import { and, eq } from "drizzle-orm";
import { OWNER_ROLE_KEY } from "../../shared/staff-permissions";
import { recordAudit } from "../audit/audit-log";
import { recoveryCodes, sessions, users } from "../db/schema";
import { AppError } from "../errors";
import { actorName, assertAnotherOwner, assertHolds, listStaff, roleById, type Deps, type StaffActor, type StaffMemberJson, type Tx } from "./staff-roles";

/**
 * Suspending, restoring and removing staff (issue 29). Each needs the actor to hold every permission of the member's
 * role (no one stops someone who can do more than they can), no one does it to themselves, and an Owner who is not
 * suspended always stays. Audit rows name the actor by username, so a removed member's history stays as it was.
 */
type Change = Deps & { userId: string; actor: StaffActor };

async function lockMember(t: Tx, { userId, actor, what }: { userId: string; actor: StaffActor; what: string }) {
  const [member] = await t
    .select({ id: users.id, username: users.username, roleId: users.staffRoleId, suspendedAt: users.suspendedAt })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.role, "admin")))
    .for("update");
  if (!member) throw new AppError("not_found", "No staff member has that id");
  if (member.username === actor.username) throw new AppError("conflict", `You can't ${what} yourself: ask another Owner`);
  const role = await roleById(t, member.roleId!);
  assertHolds(actor, role.permissions, `${what} ${member.username} (${role.name})`);
  return { member, role };
}

const memberJson = async (deps: Deps, userId: string): Promise<StaffMemberJson> => (await listStaff(deps)).find((m) => m.id === userId)!;

/** POST /api/admin/staff/:id/suspend: they can't sign in, and every session of theirs ends now. */
export async function suspendStaff({ db, now, userId, actor }: Change): Promise<StaffMemberJson> {
  await db.transaction(async (t) => {
    const { member, role } = await lockMember(t, { userId, actor, what: "suspend" });
    if (member.suspendedAt) return;
    if (role.key === OWNER_ROLE_KEY) await assertAnotherOwner(t, { ownerRoleId: role.id, userId: member.id, username: member.username });
    const at = now();
    await t.update(users).set({ suspendedAt: at, updatedAt: at }).where(eq(users.id, member.id));
    await t.delete(sessions).where(eq(sessions.userId, member.id));
    await recordAudit(t, { actor: actorName(actor), entity: "staff", entityId: member.id, action: "suspend", after: { username: member.username, role: role.name } }, at);
  });
  return memberJson({ db, now }, userId);
}

/** POST /api/admin/staff/:id/restore: they can sign in again. */
export async function restoreStaff({ db, now, userId, actor }: Change): Promise<StaffMemberJson> {
  await db.transaction(async (t) => {
    const { member, role } = await lockMember(t, { userId, actor, what: "restore" });
    if (!member.suspendedAt) return;
    const at = now();
    await t.update(users).set({ suspendedAt: null, updatedAt: at }).where(eq(users.id, member.id));
    await recordAudit(t, { actor: actorName(actor), entity: "staff", entityId: member.id, action: "restore", after: { username: member.username, role: role.name } }, at);
  });
  return memberJson({ db, now }, userId);
}

/**
 * DELETE /api/admin/staff/:id: the account stays, as a shopper's: no role, no sessions, and no second factor (its TOTP
 * secret and recovery codes go; a passkey stays, as shoppers sign in with those too).
 */
export async function removeStaff({ db, now, userId, actor }: Change): Promise<void> {
  await db.transaction(async (t) => {
    const { member, role } = await lockMember(t, { userId, actor, what: "remove" });
    if (role.key === OWNER_ROLE_KEY && !member.suspendedAt) await assertAnotherOwner(t, { ownerRoleId: role.id, userId: member.id, username: member.username });
    const at = now();
    await t
      .update(users)
      .set({ role: "customer", staffRoleId: null, suspendedAt: null, totpSecret: null, totpPendingSecret: null, totpLastStep: null, updatedAt: at })
      .where(eq(users.id, member.id));
    await t.delete(sessions).where(eq(sessions.userId, member.id));
    await t.delete(recoveryCodes).where(eq(recoveryCodes.userId, member.id));
    await recordAudit(t, { actor: actorName(actor), entity: "staff", entityId: member.id, action: "remove", before: { username: member.username, role: role.name } }, at);
  });
}
