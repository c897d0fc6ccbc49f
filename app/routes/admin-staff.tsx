import type { Route } from "./+types/admin-staff";
import { servicesContext } from "~/context";
import { AdminShell } from "~/components/admin/admin-shell";
import { AuditHistory } from "~/components/admin/audit-history";
import { StaffInvitations } from "~/components/admin/staff-invitations";
import { NewRole, RoleCard, StaffRow } from "~/components/admin/staff-roles";
import { requirePermission } from "~/lib/guards.server";
import { adminMeta } from "~/lib/admin-meta";

export async function loader({ context, request }: Route.LoaderArgs) {
  const user = requirePermission(context, request, "staff.manage");
  const { staff, admin } = context.get(servicesContext);
  const [roles, members, invitations, roleHistory, staffHistory, invitationHistory] = await Promise.all([
    staff.listRoles(),
    staff.listStaff(),
    staff.listInvitations(),
    admin.listAudit({ entity: "staff_role" }),
    admin.listAudit({ entity: "staff" }),
    admin.listAudit({ entity: "staff_invitation" }),
  ]);
  const history = [...roleHistory.entries, ...staffHistory.entries, ...invitationHistory.entries]
    .sort((a, b) => b.at.localeCompare(a.at) || b.id - a.id)
    .slice(0, 50);
  return {
    roles,
    members,
    invitations,
    held: user.staff.permissions,
    selfId: user.id,
    history,
  };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  adminMeta(matches, "Staff");

export default function AdminStaff({ loaderData }: Route.ComponentProps) {
  const { roles, members, invitations, held, selfId, history } = loaderData;
  return (
    <AdminShell title="Staff">
      <section aria-labelledby="staff-heading">
        <h2 id="staff-heading" className="mb-1 text-xl font-semibold">
          People
        </h2>
        <p className="mb-2 text-sm text-ink-muted">
          Each person's role decides what they can see and do. You can give only
          roles whose permissions you have yourself. A suspended person can't
          sign in until restored; removing someone keeps their history.
        </p>
        <ul className="rounded-2xl border border-line px-4">
          {members.map((m) => (
            <StaffRow
              key={`${m.id}-${m.role.id}`}
              member={m}
              roles={roles}
              self={m.id === selfId}
            />
          ))}
        </ul>
        <StaffInvitations roles={roles} invitations={invitations} />
      </section>
      <section aria-labelledby="roles-heading" className="mt-10">
        <h2 id="roles-heading" className="mb-1 text-xl font-semibold">
          Roles
        </h2>
        <p className="mb-3 text-sm text-ink-muted">
          A role is a set of permissions. You can grant or remove only
          permissions you have yourself.
        </p>
        <NewRole held={held} />
        <div className="mt-6 space-y-6">
          {roles.map((role) => (
            <RoleCard
              key={`${role.id}-${role.name}-${role.permissions.join()}`}
              role={role}
              held={held}
            />
          ))}
        </div>
      </section>
      <div className="mt-10">
        <AuditHistory entries={history} />
      </div>
    </AdminShell>
  );
}
