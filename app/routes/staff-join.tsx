import { type FormEvent, useEffect, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { pageTitle } from "~/lib/seo";
import type { Route } from "./+types/staff-join";
import { invitationAcceptSchema } from "../../server/staff/staff-schemas";
import { AuthCard } from "~/components/auth/auth-card";
import { TextField } from "~/components/checkout/text-field";
import { buttonClass } from "~/components/layout/status-screen";
import { PasswordField } from "~/components/ui/password-field";
import { ApiError, apiRequest } from "~/lib/api";
import { useSessionChanged } from "~/lib/session";
import { useStoreSettings } from "~/lib/store-settings";

/** The link's token is in the address: no referrer carries it away, and nothing keeps a copy of the page. */
export const headers = () => ({ "Referrer-Policy": "no-referrer", "Cache-Control": "no-store" });
export const handle = { breadcrumb: () => "Join the staff" };
export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "Join the staff") }, { name: "robots", content: "noindex" }, { name: "referrer", content: "no-referrer" }];

interface Invitation {
  email: string;
  name: string;
  roleName: string;
  expiresAt: string;
}
type Field = "username" | "name" | "password" | "confirm";

/** Which field a refusal is about ("That username is taken", a password rule), or none. */
function fieldOf(message: string): Field | null {
  if (/password/i.test(message)) return "password";
  if (/username/i.test(message)) return "username";
  if (/name/i.test(message)) return "name";
  return null;
}

/** One read per token, however often the page mounts (each failed read counts against the visitor's rate limit). */
const reads = new Map<string, Promise<Invitation>>();
function readInvitation(token: string): Promise<Invitation> {
  let read = reads.get(token);
  if (!read) {
    read = apiRequest<Invitation>("GET", `/api/auth/staff-invitation?token=${encodeURIComponent(token)}`);
    reads.set(token, read);
  }
  return read;
}

/**
 * /admin/join?token=…: the page a staff invitation's link opens (issue 29), for a visitor who has no account yet. They
 * choose a username and a password; the account is made with the invited role, and the second factor comes next.
 */
export default function StaffJoin() {
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const storeName = useStoreSettings()?.name ?? "the store";
  const [invitation, setInvitation] = useState<Invitation | null>(null);
  const [linkError, setLinkError] = useState<string | null>(null);
  useEffect(() => {
    readInvitation(token).then(setInvitation, (e: unknown) =>
      setLinkError(e instanceof ApiError && e.status !== 429 && e.status < 500 ? e.detail.replace(/^Invalid invitation link: token: /, "") : e instanceof ApiError ? e.detail : "We couldn't check the link. Please try again."),
    );
  }, [token]);

  if (linkError) {
    return (
      <AuthCard title="This link doesn't work" subtitle={`Staff invitation to ${storeName}`}>
        <p role="alert" className="rounded-xl bg-red-50 px-4 py-3 text-sm text-red-800 dark:bg-red-950 dark:text-red-200">
          {linkError}
        </p>
        <p className="mt-6 text-center text-sm">
          Already joined?{" "}
          <Link to="/login?redirectTo=%2Fadmin" className="font-semibold underline">
            Sign in
          </Link>
        </p>
      </AuthCard>
    );
  }
  if (!invitation) {
    return (
      <AuthCard title="Join the staff" subtitle={`Staff invitation to ${storeName}`}>
        <p role="status" className="text-sm text-ink-muted">
          Checking your invitation…
        </p>
      </AuthCard>
    );
  }
  return <JoinForm token={token} invitation={invitation} storeName={storeName} onLinkError={setLinkError} />;
}

function JoinForm({ token, invitation, storeName, onLinkError }: { token: string; invitation: Invitation; storeName: string; onLinkError: (message: string) => void }) {
  const sessionChanged = useSessionChanged();
  const [form, setForm] = useState({ username: "", name: invitation.name, password: "", confirm: "" });
  const [errors, setErrors] = useState<Partial<Record<Field | "form", string>>>({});
  const [busy, setBusy] = useState(false);
  const set = (key: keyof typeof form) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [key]: e.target.value }));
  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    if (form.password !== form.confirm) return setErrors({ confirm: "The two passwords are not the same" });
    const parsed = invitationAcceptSchema.safeParse({ token, username: form.username, name: form.name, password: form.password });
    if (!parsed.success) return setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
    setErrors({});
    setBusy(true);
    try {
      await apiRequest("POST", "/api/auth/staff-invitation", parsed.data);
      await sessionChanged("/admin/two-step");
    } catch (e) {
      setBusy(false);
      const message = e instanceof ApiError ? e.detail : "We couldn't create your account. Please try again.";
      if (e instanceof ApiError && e.status === 404) return onLinkError(message);
      const field = fieldOf(message);
      setErrors(field ? { [field]: message } : { form: message });
    }
  }
  return (
    <AuthCard title={`Join ${storeName}`} subtitle={`You're invited to help run the store as ${invitation.roleName}.`}>
      <form onSubmit={submit} noValidate className="space-y-4">
        <div>
          <TextField label="Email address" type="email" value={invitation.email} readOnly aria-describedby="join-email-hint" required />
          <p id="join-email-hint" className="mt-1 text-xs text-ink-muted">
            The invitation was sent here, so it can't be changed.
          </p>
        </div>
        <TextField label="Username" autoComplete="username" required value={form.username} onChange={set("username")} error={errors.username} />
        <TextField label="Full name" autoComplete="name" required value={form.name} onChange={set("name")} error={errors.name} />
        <PasswordField label="Password" autoComplete="new-password" required value={form.password} onChange={set("password")} error={errors.password} />
        <PasswordField label="Confirm password" autoComplete="new-password" required value={form.confirm} onChange={set("confirm")} error={errors.confirm} />
        <p className="text-xs text-ink-muted">
          Use at least 8 characters. A few random words make a strong, memorable password. Next you'll set up a second sign-in step (an authenticator app or a passkey).
        </p>
        {errors.form && (
          <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-400">
            {errors.form}
          </p>
        )}
        <button type="submit" disabled={busy} className={`${buttonClass} h-12 w-full disabled:cursor-not-allowed disabled:opacity-50`}>
          {busy ? "Creating your account..." : "Create my staff account"}
        </button>
        <p className="text-center text-xs text-ink-muted">
          The link works until <time dateTime={invitation.expiresAt}>{invitation.expiresAt.slice(0, 16).replace("T", " ")} UTC</time>.
        </p>
      </form>
    </AuthCard>
  );
}
