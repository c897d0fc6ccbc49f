import type { MailingDeps } from "../mail/mail-deps";
import { acceptInvitation, inviteStaff, listInvitations, readInvitation, revokeInvitation } from "./invitations";
import type { InvitationAccept, InvitationFields } from "./staff-schemas";
import { addStaff, createRole, deleteRole, listRoles, listStaff, setStaffRole, updateRole, type StaffActor } from "./staff-roles";
import type { RoleChange, RoleFields } from "./staff-schemas";
import { removeStaff, restoreStaff, suspendStaff } from "./staff-status";

/** The staff domain's service (DESIGN §10): roles, who has which, invitations, suspension and removal. */
export function createStaffService(deps: MailingDeps) {
  const { db, now } = deps;
  return {
    listRoles: () => listRoles({ db, now }),
    createRole: (args: { input: RoleFields; actor: StaffActor }) => createRole({ db, now, ...args }),
    updateRole: (args: { id: number; change: RoleChange; actor: StaffActor }) => updateRole({ db, now, ...args }),
    deleteRole: (args: { id: number; actor: StaffActor }) => deleteRole({ db, now, ...args }),
    listStaff: () => listStaff({ db, now }),
    setStaffRole: (args: { userId: string; roleId: number; actor: StaffActor }) => setStaffRole({ db, now, ...args }),
    addStaff: (args: { username: string; roleId: number; actor: StaffActor }) => addStaff({ db, now, ...args }),
    suspendStaff: (args: { userId: string; actor: StaffActor }) => suspendStaff({ db, now, ...args }),
    restoreStaff: (args: { userId: string; actor: StaffActor }) => restoreStaff({ db, now, ...args }),
    removeStaff: (args: { userId: string; actor: StaffActor }) => removeStaff({ db, now, ...args }),
    listInvitations: () => listInvitations({ db, now }),
    inviteStaff: (args: { input: InvitationFields; actor: StaffActor }) => inviteStaff({ ...deps, ...args }),
    revokeInvitation: (args: { id: number; actor: StaffActor }) => revokeInvitation({ db, now, ...args }),
    readInvitation: (args: { token: string; ip: string }) => readInvitation({ db, now, ...args }),
    acceptInvitation: (args: { input: InvitationAccept; ip: string; cartToken: string | null; userAgent: string | null }) => acceptInvitation({ db, now, ...args }),
  };
}
export type StaffService = ReturnType<typeof createStaffService>;
