import { pageTitle } from "~/lib/seo";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { KeyRound } from "lucide-react";
import { Link, redirect, useSearchParams } from "react-router";
import { toast } from "~/lib/toast";
import type { Route } from "./+types/login";
import { visitorContext } from "~/context";
import { AuthCard, AuthLinks } from "~/components/auth/auth-card";
import { TextField } from "~/components/checkout/text-field";
import { buttonClass, secondaryButtonClass } from "~/components/layout/status-screen";
import { passkeyProof, passkeysSupported, signInWithPasskey } from "~/lib/passkeys";
import { PasswordField } from "~/components/ui/password-field";
import { apiRequest, ApiError } from "~/lib/api";
import { safeRedirect } from "~/lib/safe-redirect";
import { useSessionChanged } from "~/lib/session";
import { twoStepPath } from "~/lib/staff-path";
import type { User } from "../../server/accounts/user-types";

export function loader({ context, request }: Route.LoaderArgs) {
  if (context.get(visitorContext).user) throw redirect(safeRedirect(new URL(request.url).searchParams.get("redirectTo"), "/account"));
  return null;
}

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "Sign in") }];

export default function Login() {
  const [params] = useSearchParams();
  const sessionChanged = useSessionChanged();
  const [username, setUsername] = useState("");
  const [password, setPassword] = useState("");
  const [busy, setBusy] = useState(false);
  // One sign-in at a time: the passkey the browser offers in the username field's suggestions and the button's must
  // not both sign in and navigate, or the second navigation cuts the first short mid-way.
  const signingIn = useRef(false);
  function begin(): boolean {
    if (signingIn.current) return false;
    signingIn.current = true;
    setBusy(true);
    return true;
  }
  // The browser may offer this store's passkeys in the username field's suggestions; picking one signs in.
  useEffect(() => {
    if (!passkeysSupported()) return;
    passkeyProof({ autofill: true }).then(
      async (proof) => {
        if (!begin()) return;
        try {
          await apiRequest("POST", "/api/auth/passkey", proof);
          await signedIn();
        } catch (error) {
          failed(error, "The passkey sign-in didn't work.");
        }
      },
      () => undefined, // dismissed, or the person typed a password or pressed the button instead
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  async function signedIn(user?: User) {
    const target = safeRedirect(params.get("redirectTo"), "/account");
    // Staff give their second factor before anything else (issue 29); a passkey sign-in already counts as one.
    if (user?.staff && !user.staff.secondFactor.given) {
      const onward = target === "/account" ? "/admin" : target;
      await sessionChanged(twoStepPath(onward));
      return;
    }
    toast.success("Welcome back!", { description: "You have successfully logged in." });
    await sessionChanged(target);
  }

  function failed(error: unknown, fallback: string) {
    signingIn.current = false;
    toast.error("Login Failed", { description: error instanceof ApiError ? error.detail : fallback });
    setBusy(false);
  }

  async function passkey() {
    if (!begin()) return;
    try {
      await signInWithPasskey();
      await signedIn();
    } catch (error) {
      failed(error, "The passkey sign-in was cancelled.");
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!username.trim() || !password || !begin()) return;
    try {
      const { user } = await apiRequest<{ user: User }>("POST", "/api/auth/login", { username: username.trim(), password });
      await signedIn(user);
    } catch (error) {
      failed(error, "Login failed");
    }
  }
  return (
    <AuthCard title="Sign in" subtitle="Welcome back. Sign in to see your orders and favourites.">
      <form onSubmit={submit} className="space-y-5">
        <TextField label="Username" autoComplete="username webauthn" required value={username} onChange={(e) => setUsername(e.target.value)} />
        <div>
          <PasswordField label="Password" autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.target.value)} />
          <p className="mt-2 text-right text-sm">
            <Link to="/forgot-password" className="font-medium text-ink-muted underline hover:text-ink">
              Forgot your password?
            </Link>
          </p>
        </div>
        <button type="submit" disabled={busy} className={`${buttonClass} h-12 w-full disabled:opacity-60`}>
          {busy ? "Signing in..." : "Sign In"}
        </button>
      </form>
      <button type="button" onClick={passkey} disabled={busy} className={`${secondaryButtonClass} mt-3 h-12 w-full disabled:opacity-60`}>
        <KeyRound aria-hidden="true" className="size-4" /> Use a passkey
      </button>
      <AuthLinks prompt="New here?" to="/signup" label="Create an account" />
    </AuthCard>
  );
}
