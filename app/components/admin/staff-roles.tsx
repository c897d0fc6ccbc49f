import { useId, useRef, useState, type FormEvent } from "react";
import {
  PERMISSION_GROUPS,
  PERMISSION_LABELS,
  PERMISSIONS,
  type Permission,
} from "../../../shared/staff-permissions";
import type { RoleJson, StaffMemberJson } from "../../../server/staff/staff-roles";
import { buttonClass } from "~/components/layout/status-screen";
import { MemberActions } from "./staff-member-actions";
import {
  FormError,
  noErrors,
  Reveal,
  smallButtonClass,
  TextAreaInput,
  TextInput,
  useFocusFirstError,
  useStaffCall,
  type Errors,
} from "./staff-form-kit";

/** The permissions as checkboxes, grouped; those the signed-in member lacks can't be ticked or unticked. */
function PermissionBoxes({
  idPrefix,
  chosen,
  onChange,
  held,
  locked,
  error,
}: {
  idPrefix: string;
  chosen: Permission[];
  onChange: (next: Permission[]) => void;
  held: readonly Permission[];
  locked?: boolean;
  error?: string;
}) {
  const errorId = `${idPrefix}-permissions-error`;
  return (
    <div
      aria-describedby={error ? errorId : undefined}
      className="grid gap-4 sm:grid-cols-2"
    >
      {PERMISSION_GROUPS.map((group) => (
        <fieldset
          key={group.label}
          className="rounded-xl border border-line p-3"
        >
          <legend className="px-1 text-sm font-semibold">{group.label}</legend>
          <ul className="space-y-2">
            {group.permissions.map((p) => {
              const id = `${idPrefix}-${p}`;
              const lacking = !held.includes(p);
              return (
                <li key={p} className="flex items-start gap-2">
                  <input
                    id={id}
                    type="checkbox"
                    checked={chosen.includes(p)}
                    disabled={locked || lacking}
                    aria-describedby={`${id}-hint`}
                    onChange={(e) =>
                      onChange(
                        e.target.checked
                          ? PERMISSIONS.filter(
                              (x) => x === p || chosen.includes(x),
                            )
                          : chosen.filter((x) => x !== p),
                      )
                    }
                    className="mt-0.5 size-4 accent-current"
                  />
                  <div>
                    <label htmlFor={id} className="text-sm font-medium">
                      {PERMISSION_LABELS[p].label}
                    </label>
                    <p id={`${id}-hint`} className="text-xs text-ink-muted">
                      {PERMISSION_LABELS[p].hint}
                      {lacking && !locked
                        ? " (your role doesn't have this, so you can't grant or remove it)"
                        : ""}
                    </p>
                  </div>
                </li>
              );
            })}
          </ul>
        </fieldset>
      ))}
      {error && (
        <p
          id={errorId}
          className="text-sm font-medium text-red-700 sm:col-span-2 dark:text-red-400"
        >
          {error.charAt(0).toUpperCase() + error.slice(1)}
        </p>
      )}
    </div>
  );
}

/** One role: its name, description and permissions, saved together; a custom role no one has can be deleted. */
export function RoleCard({
  role,
  held,
}: {
  role: RoleJson;
  held: readonly Permission[];
}) {
  const prefix = `role-${role.id}`;
  const [name, setName] = useState(role.name);
  const [description, setDescription] = useState(role.description);
  const [permissions, setPermissions] = useState<Permission[]>(
    role.permissions,
  );
  const [errors, setErrors] = useState<Errors>(noErrors);
  const form = useRef<HTMLFormElement>(null);
  const { call, busy } = useStaffCall();
  useFocusFirstError(form, errors);
  const headingId = `${prefix}-heading`;

  async function save(event: FormEvent) {
    event.preventDefault();
    const body = role.owner
      ? { name, description }
      : { name, description, permissions };
    setErrors(
      (await call(
        "PATCH",
        `/api/admin/roles/${role.id}`,
        body,
        `${name} saved`,
      )) ?? noErrors,
    );
  }
  async function remove() {
    setErrors(
      (await call(
        "DELETE",
        `/api/admin/roles/${role.id}`,
        undefined,
        `${role.name} deleted`,
      )) ?? noErrors,
    );
  }
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-2xl border border-line p-4 sm:p-5"
    >
      <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
        <h3 id={headingId} className="text-lg font-semibold">
          {role.name}
        </h3>
        <p className="text-sm text-ink-muted">
          {role.builtin ? "Built-in · " : ""}
          {role.members === 1 ? "1 person" : `${role.members} people`}
        </p>
      </div>
      <form ref={form} onSubmit={save} noValidate className="space-y-4">
        <div className="grid gap-3 sm:grid-cols-2">
          <TextInput
            id={`${prefix}-name`}
            label="Name"
            value={name}
            onChange={(e) => setName(e.target.value)}
            error={errors.fields.name}
            maxLength={60}
            required
          />
          <TextAreaInput
            id={`${prefix}-description`}
            label="Description"
            value={description}
            onChange={(e) => setDescription(e.target.value)}
            error={errors.fields.description}
            rows={2}
            maxLength={300}
          />
        </div>
        {role.owner && (
          <p className="text-sm text-ink-muted">
            The Owner role always has every permission, and the store always has
            at least one Owner.
          </p>
        )}
        <PermissionBoxes
          idPrefix={prefix}
          chosen={permissions}
          onChange={setPermissions}
          held={held}
          locked={role.owner}
          error={errors.fields.permissions}
        />
        <FormError id={`${prefix}-error`} message={errors.form} />
        <div className="flex flex-wrap items-center gap-3">
          <button
            type="submit"
            disabled={busy}
            className={`${buttonClass} h-10 disabled:opacity-60`}
          >
            Save {role.name}
          </button>
          {!role.builtin && (
            <button
              type="button"
              onClick={remove}
              disabled={busy || role.members > 0}
              aria-describedby={
                role.members > 0 ? `${prefix}-in-use` : undefined
              }
              className={smallButtonClass}
            >
              Delete {role.name}
            </button>
          )}
          {!role.builtin && role.members > 0 && (
            <p id={`${prefix}-in-use`} className="text-xs text-ink-muted">
              Give its {role.members === 1 ? "member" : "members"} another role
              to delete it.
            </p>
          )}
        </div>
      </form>
    </section>
  );
}

/** A new role: a name, a description and the permissions (only ones the signed-in member holds). */
export function NewRoleForm({
  held,
  close,
}: {
  held: readonly Permission[];
  close: () => void;
}) {
  const [name, setName] = useState("");
  const [description, setDescription] = useState("");
  const [permissions, setPermissions] = useState<Permission[]>([]);
  const [errors, setErrors] = useState<Errors>(noErrors);
  const form = useRef<HTMLFormElement>(null);
  const { call, busy } = useStaffCall();
  useFocusFirstError(form, errors);
  async function submit(event: FormEvent) {
    event.preventDefault();
    const failed = await call(
      "POST",
      "/api/admin/roles",
      { name, description, permissions },
      `${name.trim()} added`,
    );
    if (failed) setErrors(failed);
    else close();
  }
  return (
    <form
      ref={form}
      onSubmit={submit}
      noValidate
      className="mt-3 space-y-4 rounded-2xl border border-line p-4 sm:p-5"
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <TextInput
          id="new-role-name"
          label="Name"
          value={name}
          onChange={(e) => setName(e.target.value)}
          error={errors.fields.name}
          maxLength={60}
          required
        />
        <TextAreaInput
          id="new-role-description"
          label="Description"
          value={description}
          onChange={(e) => setDescription(e.target.value)}
          error={errors.fields.description}
          rows={2}
          maxLength={300}
        />
      </div>
      <PermissionBoxes
        idPrefix="new-role"
        chosen={permissions}
        onChange={setPermissions}
        held={held}
        error={errors.fields.permissions}
      />
      <FormError id="new-role-error" message={errors.form} />
      <button
        type="submit"
        disabled={busy}
        className={`${buttonClass} h-10 disabled:opacity-60`}
      >
        Add role
      </button>
    </form>
  );
}

export function NewRole({ held }: { held: readonly Permission[] }) {
  return (
    <Reveal id="new-role" label="New role">
      {(close) => <NewRoleForm held={held} close={close} />}
    </Reveal>
  );
}

/** One staff member with their role, changeable to any role (the server refuses what the signed-in member can't give). */
export function StaffRow({
  member,
  roles,
  self,
}: {
  member: StaffMemberJson;
  roles: readonly RoleJson[];
  self: boolean;
}) {
  const id = useId();
  const [roleId, setRoleId] = useState(String(member.role.id));
  const [errors, setErrors] = useState<Errors>(noErrors);
  const { call, busy } = useStaffCall();
  const chosen = roles.find((r) => String(r.id) === roleId);
  async function submit(event: FormEvent) {
    event.preventDefault();
    setErrors(
      (await call(
        "PATCH",
        `/api/admin/staff/${member.id}`,
        { roleId: Number(roleId) },
        `${member.name} is now ${chosen?.name ?? "changed"}`,
      )) ?? noErrors,
    );
  }
  const error = errors.form ?? errors.fields.roleId ?? null;
  return (
    <li className="flex flex-col gap-3 border-b border-line py-4 last:border-b-0 sm:flex-row sm:items-end sm:justify-between">
      <div className="min-w-0">
        <p className="font-medium">
          {member.name}
          {self && (
            <span className="ml-2 text-xs font-normal text-ink-muted">
              (you)
            </span>
          )}
        </p>
        <p className="break-all text-sm text-ink-muted">
          {member.username} · {member.email}
        </p>
        {member.suspendedAt && (
          <p className="mt-1">
            <span className="rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-900 dark:bg-amber-900 dark:text-amber-100">
              Suspended
            </span>
          </p>
        )}
        {!self && <MemberActions member={member} />}
      </div>
      <form
        onSubmit={submit}
        noValidate
        className="flex flex-wrap items-end gap-2"
      >
        <div>
          <label htmlFor={`${id}-role`} className="block text-sm font-medium">
            Role
            <span className="sr-only">
              {" "}
              for {member.name} ({member.username})
            </span>
          </label>
          <select
            id={`${id}-role`}
            value={roleId}
            onChange={(e) => setRoleId(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            className="mt-1 h-10 min-w-44 rounded-xl border border-line bg-surface px-3 text-sm"
          >
            {roles.map((r) => (
              <option key={r.id} value={r.id}>
                {r.name}
              </option>
            ))}
          </select>
        </div>
        <button
          type="submit"
          disabled={busy || roleId === String(member.role.id)}
          className={`${smallButtonClass} h-10`}
        >
          Change role
        </button>
        {error && (
          <p
            id={`${id}-error`}
            role="alert"
            className="w-full text-sm font-medium text-red-700 dark:text-red-400"
          >
            {error.charAt(0).toUpperCase() + error.slice(1)}
          </p>
        )}
      </form>
    </li>
  );
}
