import { useId, useRef, useState, type FormEvent } from "react";
import { buttonClass } from "~/components/layout/status-screen";
import { FormError, noErrors, Reveal, SelectInput, smallButtonClass, TextInput, useFocusFirstError, useStaffCall, type Errors } from "./staff-form-kit";
import type { InvitationJson } from "../../../server/staff/invitations";
import type { RoleJson } from "../../../server/staff/staff-roles";

/** An open invitation as GET /api/admin/staff/invitations answers it. */
export type InvitationView = InvitationJson;

/** Staff times are UTC, written like the audit log's ("2026-11-27 21:34 UTC"). */
const Utc = ({ iso }: { iso: string }) => <time dateTime={iso}>{iso.slice(0, 16).replace("T", " ")} UTC</time>;

function InviteForm({ roles, close }: { roles: readonly RoleJson[]; close: () => void }) {
  const [email, setEmail] = useState("");
  const [name, setName] = useState("");
  const [roleId, setRoleId] = useState(String(roles.find((r) => !r.owner)?.id ?? roles[0]?.id ?? ""));
  const [errors, setErrors] = useState<Errors>(noErrors);
  const form = useRef<HTMLFormElement>(null);
  const { call, busy } = useStaffCall();
  useFocusFirstError(form, errors);
  async function submit(event: FormEvent) {
    event.preventDefault();
    const refused = await call("POST", "/api/admin/staff/invitations", { email: email.trim(), name, roleId: Number(roleId) }, `Invitation emailed to ${email.trim()}`);
    setErrors(refused ?? noErrors);
    if (!refused) close();
  }
  return (
    <form ref={form} onSubmit={submit} noValidate aria-label="Invite staff" className="space-y-4 rounded-2xl border border-line p-4">
      <div className="grid gap-4 sm:grid-cols-3">
        <TextInput id="invite-email" label="Email" type="email" autoComplete="off" required value={email} onChange={(e) => setEmail(e.target.value)} error={errors.fields.email} />
        <TextInput id="invite-name" label="Name" autoComplete="off" required value={name} onChange={(e) => setName(e.target.value)} error={errors.fields.name} />
        <SelectInput id="invite-role" label="Role" value={roleId} onChange={(e) => setRoleId(e.target.value)} options={roles.map((r) => [String(r.id), r.name] as const)} error={errors.fields.roleId} />
      </div>
      <p className="text-xs text-ink-muted">
        We email a link that works once, for 72 hours. They choose a username and password, then set up a second sign-in step before anything else.
      </p>
      <FormError id="invite-error" message={errors.form} />
      <button type="submit" disabled={busy} className={`${buttonClass} h-10 disabled:opacity-60`}>
        {busy ? "Sending..." : "Send invitation"}
      </button>
    </form>
  );
}

function InvitationRow({ invitation }: { invitation: InvitationView }) {
  const id = useId();
  const { call, busy } = useStaffCall();
  return (
    <li aria-labelledby={`${id}-name`} className="flex flex-col gap-2 border-b border-line py-3 last:border-b-0 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <p id={`${id}-name`} className="font-medium">
          {invitation.name} <span className="font-normal text-ink-muted">as {invitation.role.name}</span>
        </p>
        <p className="break-all text-sm text-ink-muted">{invitation.email}</p>
        <p className="text-xs text-ink-muted">
          Invited by {invitation.invitedBy} on <Utc iso={invitation.createdAt} /> · the link works until <Utc iso={invitation.expiresAt} />
        </p>
      </div>
      <button
        type="button"
        disabled={busy}
        onClick={() => void call("DELETE", `/api/admin/staff/invitations/${invitation.id}`, undefined, `The invitation to ${invitation.email} is revoked`, { toastError: true })}
        className={smallButtonClass}
      >
        Revoke<span className="sr-only"> the invitation to {invitation.email}</span>
      </button>
    </li>
  );
}

/** The "Invite staff" form and the invitations still open (not accepted, revoked or expired). */
export function StaffInvitations({ roles, invitations }: { roles: readonly RoleJson[]; invitations: readonly InvitationView[] }) {
  return (
    <div className="mt-4 space-y-4">
      <Reveal id="invite-staff" label="Invite staff">
        {(close) => <InviteForm roles={roles} close={close} />}
      </Reveal>
      {invitations.length > 0 && (
        <div>
          <h3 className="text-base font-semibold">Open invitations</h3>
          <ul className="mt-1 rounded-2xl border border-line px-4">
            {invitations.map((i) => (
              <InvitationRow key={i.id} invitation={i} />
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
