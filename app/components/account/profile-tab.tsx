import { type FormEvent, useState } from "react";
import { useRevalidator } from "react-router";
import { toast } from "~/lib/toast";
import type { User } from "../../../server/accounts/user-types";
import { profileSchema } from "../../../server/accounts/account-schemas";
import { TextField } from "~/components/checkout/text-field";
import { buttonClass, secondaryButtonClass } from "~/components/layout/status-screen";
import { apiRequest, ApiError } from "~/lib/api";

export function ProfileTab({ user }: { user: User }) {
  const revalidator = useRevalidator();
  const [editing, setEditing] = useState(false);
  const [form, setForm] = useState({ name: user.name, username: user.username });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  async function save(event: FormEvent) {
    event.preventDefault();
    const parsed = profileSchema.safeParse(form);
    if (!parsed.success) return setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
    setBusy(true);
    try {
      await apiRequest("PATCH", "/api/account/profile", parsed.data);
      await revalidator.revalidate();
      toast.success("Profile updated");
      setEditing(false);
      setErrors({});
    } catch (error) {
      toast.error("Couldn't update your profile", { description: error instanceof ApiError ? error.detail : undefined });
    } finally {
      setBusy(false);
    }
  }
  if (!editing) {
    return (
      <div className="space-y-6">
        <dl className="grid gap-4 sm:grid-cols-3">
          {[
            ["Full name", user.name],
            ["Username", user.username],
            ["Email", user.email],
          ].map(([label, value]) => (
            <div key={label} className="rounded-2xl bg-surface-muted p-4">
              <dt className="text-sm text-ink-muted">{label}</dt>
              <dd className="mt-1 break-words font-medium">{value}</dd>
            </div>
          ))}
        </dl>
        <button type="button" onClick={() => setEditing(true)} className={secondaryButtonClass}>
          Edit Profile
        </button>
      </div>
    );
  }
  const set = (key: keyof typeof form) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [key]: e.target.value }));
  return (
    <form onSubmit={save} noValidate className="max-w-lg space-y-4">
      <TextField label="Full name" required autoComplete="name" value={form.name} onChange={set("name")} error={errors.name} />
      <TextField label="Username" required autoComplete="username" value={form.username} onChange={set("username")} error={errors.username} />
      <p className="text-sm text-ink-muted">
        Email: {user.email}. To change it, use the Security tab: it asks for your password and confirms the new address.
      </p>
      <div className="flex gap-3">
        <button type="submit" disabled={busy} className={`${buttonClass} disabled:opacity-60`}>
          {busy ? "Saving..." : "Save changes"}
        </button>
        <button type="button" onClick={() => setEditing(false)} className={secondaryButtonClass}>
          Cancel
        </button>
      </div>
    </form>
  );
}
