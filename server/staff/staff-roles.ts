import { and, asc, count, eq, sql } from "drizzle-orm";
import { OWNER_ROLE_KEY, PERMISSIONS, PERMISSION_LABELS, isPermission, type Permission } from "../../shared/staff-permissions";
import type { StaffAccess } from "../accounts/user-types";
import { recordAudit } from "../audit/audit-log";
import type { Database } from "../db/client";
import { pgErrorCode } from "../db/rows";
import { staffRoles, users, type StaffRoleRow } from "../db/schema";
import { AppError } from "../errors";
import type { RoleChange, RoleFields } from "./staff-schemas";

/** Who makes a change: the signed-in staff member (their role's permissions bound what they may grant). */
export interface StaffActor {
  username: string;
  staff: StaffAccess;
}

export interface Deps {
  db: Database;
  now: () => Date;
}

export type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

export interface RoleJson {
  id: number;
  key: string | null;
  name: string;
  description: string;
  builtin: boolean;
  owner: boolean;
  permissions: Permission[];
  members: number;
}

const ordered = (list: readonly string[]): Permission[] => PERMISSIONS.filter((p) => list.includes(p));

function toRoleJson(row: StaffRoleRow, members: number): RoleJson {
  return { id: row.id, key: row.key, name: row.name, description: row.description, builtin: row.builtin, owner: row.key === OWNER_ROLE_KEY, permissions: ordered(row.permissions.filter(isPermission)), members };
}

const labelList = (list: readonly Permission[]) => list.map((p) => `“${PERMISSION_LABELS[p].label}”`).join(", ");

/** No one grants (or takes away) a permission they don't hold themselves: 403 naming the ones they lack. */
export function assertHolds(actor: StaffActor, wanted: readonly string[], what: string): void {
  const lacking = ordered(wanted).filter((p) => !actor.staff.permissions.includes(p));
  if (lacking.length > 0) throw new AppError("forbidden", `You can't ${what}: it involves permissions your role doesn't have (${labelList(lacking)})`);
}

export const actorName = (actor: StaffActor) => `staff:${actor.username}`;
const auditable = (r: RoleJson | StaffRoleRow) => ({ name: r.name, description: r.description, permissions: ordered(r.permissions) });

function nameTaken(error: unknown): never {
  if (pgErrorCode(error) === "23505") throw new AppError("conflict", "Another role already has that name");
  throw error;
}

export async function roleById(db: Database | Tx, id: number, lock = false): Promise<StaffRoleRow> {
  const query = db.select().from(staffRoles).where(eq(staffRoles.id, id));
  const [row] = lock ? await query.for("update") : await query;
  if (!row) throw new AppError("not_found", "No role has that id");
  return row;
}

/** Every role with how many staff members have it: the Owner first, then the built-in ones, then by name. */
export async function listRoles({ db }: Deps): Promise<RoleJson[]> {
  const members = db.select({ roleId: users.staffRoleId, n: count().as("n") }).from(users).where(eq(users.role, "admin")).groupBy(users.staffRoleId).as("members");
  const rows = await db
    .select({ role: staffRoles, n: members.n })
    .from(staffRoles)
    .leftJoin(members, eq(members.roleId, staffRoles.id))
    .orderBy(sql`${staffRoles.key} = ${OWNER_ROLE_KEY} desc`, sql`${staffRoles.builtin} desc`, asc(staffRoles.id));
  return rows.map((r) => toRoleJson(r.role, Number(r.n ?? 0)));
}

export async function createRole({ db, now, input, actor }: Deps & { input: RoleFields; actor: StaffActor }): Promise<RoleJson> {
  assertHolds(actor, input.permissions, "create this role");
  return db
    .transaction(async (t) => {
      const at = now();
      const [row] = await t.insert(staffRoles).values({ name: input.name, description: input.description, builtin: false, permissions: ordered(input.permissions), createdAt: at, updatedAt: at }).returning();
      await recordAudit(t, { actor: actorName(actor), entity: "staff_role", entityId: row!.id, action: "create", after: auditable(row!) }, at);
      return toRoleJson(row!, 0);
    })
    .catch(nameTaken);
}

export async function updateRole({ db, now, id, change, actor }: Deps & { id: number; change: RoleChange; actor: StaffActor }): Promise<RoleJson> {
  return db
    .transaction(async (t) => {
      const before = await roleById(t, id, true);
      const owner = before.key === OWNER_ROLE_KEY;
      if (owner && change.permissions && !sameSet(change.permissions, PERMISSIONS)) throw new AppError("conflict", "The Owner role always has every permission; its permissions can't be changed");
      // Editing a role at all needs every permission it has, and every one it is given.
      assertHolds(actor, [...before.permissions, ...(change.permissions ?? [])], `change the role ${before.name}`);
      const at = now();
      const [row] = await t
        .update(staffRoles)
        .set({ name: change.name, description: change.description, permissions: change.permissions && !owner ? ordered(change.permissions) : undefined, updatedAt: at })
        .where(eq(staffRoles.id, id))
        .returning();
      await recordAudit(t, { actor: actorName(actor), entity: "staff_role", entityId: id, action: "update", before: auditable(before), after: auditable(row!) }, at);
      const [{ n }] = (await t.select({ n: count() }).from(users).where(and(eq(users.role, "admin"), eq(users.staffRoleId, id)))) as [{ n: number }];
      return toRoleJson(row!, Number(n));
    })
    .catch(nameTaken);
}

/** A custom role no one has: the built-in ones stay, and a role in use is refused (409) so no one is left without one. */
export async function deleteRole({ db, now, id, actor }: Deps & { id: number; actor: StaffActor }): Promise<void> {
  await db
    .transaction(async (t) => {
      const role = await roleById(t, id, true);
      if (role.builtin) throw new AppError("conflict", `${role.name} is a built-in role and can't be deleted`);
      assertHolds(actor, role.permissions, `delete the role ${role.name}`);
      const [{ n }] = (await t.select({ n: count() }).from(users).where(eq(users.staffRoleId, id))) as [{ n: number }];
      if (Number(n) > 0) throw new AppError("conflict", `${role.name} is the role of ${n} staff member${Number(n) === 1 ? "" : "s"}: give them another role first`);
      await t.delete(staffRoles).where(eq(staffRoles.id, id));
      await recordAudit(t, { actor: actorName(actor), entity: "staff_role", entityId: id, action: "delete", before: auditable(role) }, now());
    })
    .catch((error: unknown) => {
      if (pgErrorCode(error) === "23503") throw new AppError("conflict", "Someone was just given this role: give them another role first");
      throw error;
    });
}

export interface StaffMemberJson {
  id: string;
  username: string;
  name: string;
  email: string;
  role: { id: number; name: string; owner: boolean };
  createdAt: string;
  /** When they were suspended (they can't sign in), or null. */
  suspendedAt: string | null;
}

/** Every staff member with their role, by name. */
export async function listStaff({ db }: Deps): Promise<StaffMemberJson[]> {
  const rows = await db
    .select({ user: users, role: staffRoles })
    .from(users)
    .innerJoin(staffRoles, eq(staffRoles.id, users.staffRoleId))
    .where(eq(users.role, "admin"))
    .orderBy(asc(sql`lower(${users.name})`), asc(users.username));
  return rows.map(({ user, role }) => ({
    id: user.id,
    username: user.username,
    name: user.name,
    email: user.email,
    role: { id: role.id, name: role.name, owner: role.key === OWNER_ROLE_KEY },
    createdAt: user.createdAt.toISOString(),
    suspendedAt: user.suspendedAt?.toISOString() ?? null,
  }));
}

/**
 * Gives a staff member another role. The actor must hold every permission of both the old and the new role (no one
 * demotes someone who can do more than they can, or promotes beyond themselves); the last Owner keeps the role (409).
 */
export async function setStaffRole({ db, now, userId, roleId, actor }: Deps & { userId: string; roleId: number; actor: StaffActor }): Promise<StaffMemberJson> {
  await db.transaction(async (t) => {
    const [member] = await t
      .select({ id: users.id, username: users.username, roleId: users.staffRoleId })
      .from(users)
      .where(and(eq(users.id, userId), eq(users.role, "admin")))
      .for("update");
    if (!member) throw new AppError("not_found", "No staff member has that id");
    const [current, next] = [await roleById(t, member.roleId!), await roleById(t, roleId, true).catch(() => Promise.reject(new AppError("bad_request", "Invalid change: roleId: no role has that id")))];
    if (current.id === next.id) return;
    assertHolds(actor, next.permissions, `give ${member.username} the role ${next.name}`);
    assertHolds(actor, current.permissions, `change the role of ${member.username} (${current.name})`);
    if (current.key === OWNER_ROLE_KEY) await assertAnotherOwner(t, { ownerRoleId: current.id, userId: member.id, username: member.username });
    const at = now();
    await t.update(users).set({ staffRoleId: next.id, updatedAt: at }).where(eq(users.id, member.id));
    await recordAudit(t, { actor: actorName(actor), entity: "staff", entityId: member.id, action: "role", before: { username: member.username, role: current.name }, after: { username: member.username, role: next.name } }, at);
  });
  const member = (await listStaff({ db, now })).find((m) => m.id === userId);
  return member!;
}

/** Makes an existing shopper's account a staff member with a role (audited; the actor must hold the role's permissions). */
export async function addStaff({ db, now, username, roleId, actor }: Deps & { username: string; roleId: number; actor: StaffActor }): Promise<StaffMemberJson> {
  const userId = await db.transaction(async (t) => {
    const [account] = await t.select({ id: users.id, username: users.username, role: users.role }).from(users).where(eq(sql`lower(${users.username})`, username.toLowerCase())).for("update");
    if (!account) throw new AppError("not_found", "No account has that username");
    if (account.role === "admin") throw new AppError("conflict", `${account.username} is already staff: change their role instead`);
    const role = await roleById(t, roleId, true).catch(() => Promise.reject(new AppError("bad_request", "Invalid staff member: roleId: no role has that id")));
    assertHolds(actor, role.permissions, `give ${account.username} the role ${role.name}`);
    const at = now();
    await t.update(users).set({ role: "admin", staffRoleId: role.id, updatedAt: at }).where(eq(users.id, account.id));
    await recordAudit(t, { actor: actorName(actor), entity: "staff", entityId: account.id, action: "add", after: { username: account.username, role: role.name } }, at);
    return account.id;
  });
  return (await listStaff({ db, now })).find((m) => m.id === userId)!;
}

/**
 * 409 unless an active (not suspended) Owner other than `userId` stays: there is always one (issue 29). Every Owner row
 * is locked first, so two changes at once can't both count the other's Owner as the one left.
 */
export async function assertAnotherOwner(t: Tx, { ownerRoleId, userId, username }: { ownerRoleId: number; userId: string; username: string }): Promise<void> {
  const owners = await t.select({ id: users.id, suspendedAt: users.suspendedAt }).from(users).where(and(eq(users.role, "admin"), eq(users.staffRoleId, ownerRoleId))).for("update");
  if (!owners.some((o) => o.id !== userId && o.suspendedAt === null)) throw new AppError("conflict", `${username} is the only Owner who is not suspended: make someone else an Owner (or restore one) first`);
}

function sameSet(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((x) => b.includes(x));
}
