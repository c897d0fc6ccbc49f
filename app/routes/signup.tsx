import { pageTitle } from "~/lib/seo";
import { type FormEvent, useState } from "react";
import { redirect } from "react-router";
import { toast } from "~/lib/toast";
import type { Route } from "./+types/signup";
import { registerSchema } from "../../server/accounts/account-schemas";
import { visitorContext } from "~/context";
import { AuthCard, AuthLinks } from "~/components/auth/auth-card";
import { TextField } from "~/components/checkout/text-field";
import { buttonClass } from "~/components/layout/status-screen";
import { PasswordField } from "~/components/ui/password-field";
import { apiRequest, ApiError } from "~/lib/api";
import { useSessionChanged } from "~/lib/session";

export function loader({ context }: Route.LoaderArgs) {
  if (context.get(visitorContext).user) throw redirect("/account");
  return null;
}

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "Create an account") }];

export default function Signup() {
  const sessionChanged = useSessionChanged();
  const [form, setForm] = useState({ name: "", username: "", email: "", password: "", confirm: "" });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const mismatch = form.confirm.length > 0 && form.password !== form.confirm;
  const set = (key: keyof typeof form) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [key]: e.target.value }));
  async function submit(event: FormEvent) {
    event.preventDefault();
    if (mismatch || busy) return;
    const parsed = registerSchema.safeParse({ name: form.name, username: form.username, email: form.email, password: form.password });
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await apiRequest("POST", "/api/auth/register", parsed.data);
      toast.success("Welcome to VSOP!", { description: "Your account has been created successfully." });
      await sessionChanged("/account");
    } catch (error) {
      toast.error("Registration Failed", { description: error instanceof ApiError ? error.detail : "Registration failed" });
      setBusy(false);
    }
  }
  return (
    <AuthCard title="Create an account" subtitle="Track your orders, save favourites and check out faster.">
      <form onSubmit={submit} noValidate className="space-y-4">
        <TextField label="Full name" autoComplete="name" required value={form.name} onChange={set("name")} error={errors.name} />
        <TextField label="Username" autoComplete="username" required value={form.username} onChange={set("username")} error={errors.username} />
        <TextField label="Email address" type="email" autoComplete="email" required value={form.email} onChange={set("email")} error={errors.email} />
        <PasswordField label="Password" autoComplete="new-password" required value={form.password} onChange={set("password")} error={errors.password} />
        <PasswordField label="Confirm password" autoComplete="new-password" required value={form.confirm} onChange={set("confirm")} error={mismatch ? "Passwords do not match" : undefined} />
        <p className="text-xs text-ink-muted">Use at least 8 characters. A few random words make a strong, memorable password.</p>
        <button type="submit" disabled={busy || mismatch} className={`${buttonClass} h-12 w-full disabled:cursor-not-allowed disabled:opacity-50`}>
          {busy ? "Creating account..." : "Create Account"}
        </button>
      </form>
      <AuthLinks prompt="Already have an account?" to="/login" label="Sign in" />
    </AuthCard>
  );
}
