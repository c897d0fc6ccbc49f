import { KeyRound, Smartphone } from "lucide-react";
import { useState } from "react";
import { data, redirect } from "react-router";
import type { Route } from "./+types/staff-two-step";
import { servicesContext, visitorContext } from "~/context";
import { AuthCard } from "~/components/auth/auth-card";
import { RecoveryCodes } from "~/components/admin/recovery-codes";
import { SecondFactorForm } from "~/components/admin/second-factor-form";
import { startTotpSetup, TotpSetup, type TotpSetupStart } from "~/components/admin/totp-setup";
import { TextField } from "~/components/checkout/text-field";
import { buttonClass, secondaryButtonClass } from "~/components/layout/status-screen";
import { ApiError } from "~/lib/api";
import { addPasskey } from "~/lib/passkeys";
import { safeRedirect } from "~/lib/safe-redirect";
import { pageTitle } from "~/lib/seo";
import { TWO_STEP_PATH } from "~/lib/staff-path";
import { useSessionChanged, useSignOut } from "~/lib/session";

/** Where to go once the factor is given: a same-site address, never this page again. */
function nextPath(request: Request) {
  const target = safeRedirect(new URL(request.url).searchParams.get("redirectTo"), "/admin");
  return target.startsWith(TWO_STEP_PATH) ? "/admin" : target;
}

export async function loader({ context, request }: Route.LoaderArgs) {
  const user = context.get(visitorContext).user;
  const url = new URL(request.url);
  if (!user) throw redirect(`/login?redirectTo=${encodeURIComponent(url.pathname + url.search)}`);
  // Anyone but staff is told there is nothing here (DESIGN §6).
  if (user.role !== "admin" || !user.staff) throw data(null, { status: 404 });
  const redirectTo = nextPath(request);
  if (user.staff.secondFactor.given) throw redirect(redirectTo);
  const { totp, passkey } = user.staff.secondFactor;
  const { recoveryCodesLeft } = await context.get(servicesContext).staffSecurity.status(user.id);
  return { redirectTo, factors: { totp, passkey, recoveryCodes: recoveryCodesLeft > 0 } };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => [
  { title: pageTitle(matches, loaderData && !loaderData.factors.totp && !loaderData.factors.passkey ? "Set up two-step sign-in" : "Two-step sign-in") },
  { name: "robots", content: "noindex" },
];

export const handle = { breadcrumb: () => "Two-step sign-in" };

/** A way out for someone who can't give the factor now. */
function SignOut() {
  const signOut = useSignOut();
  return (
    <p className="mt-6 text-center text-sm">
      <button type="button" onClick={() => void signOut("/login")} className="text-ink-muted underline hover:text-ink">
        Sign out
      </button>
    </p>
  );
}

type Step = { at: "choose" } | { at: "app"; setup: TotpSetupStart } | { at: "codes"; codes: string[] } | { at: "passkey-added" };

/** Set-up: an authenticator app (then its recovery codes) or a passkey (then, if they like, an app as well). */
function SetUp({ onDone }: { onDone: () => Promise<void> }) {
  const [step, setStep] = useState<Step>({ at: "choose" });
  const [passkeyName, setPasskeyName] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function chooseApp() {
    setBusy(true);
    setError(null);
    try {
      setStep({ at: "app", setup: await startTotpSetup() });
    } catch (e) {
      setError(e instanceof ApiError ? e.detail : "Couldn't start. Please try again.");
    } finally {
      setBusy(false);
    }
  }

  async function choosePasskey() {
    setBusy(true);
    setError(null);
    try {
      await addPasskey(passkeyName.trim() || "Staff passkey");
      setStep({ at: "passkey-added" });
    } catch (e) {
      setError(e instanceof ApiError ? e.detail : "No passkey was added: the browser's passkey prompt was closed.");
    } finally {
      setBusy(false);
    }
  }

  if (step.at === "app") return <TotpSetup setup={step.setup} onConfirmed={(codes) => setStep({ at: "codes", codes })} />;
  if (step.at === "codes") return <RecoveryCodes codes={step.codes} onContinue={() => void onDone()} />;
  if (step.at === "passkey-added") {
    return (
      <div className="space-y-4">
        <p role="status" className="font-medium">
          Passkey added. From now on, sign in with it.
        </p>
        <p className="text-sm text-ink-muted">An authenticator app as well lets you sign in when this device isn't with you.</p>
        <button type="button" onClick={() => void onDone()} className={`${buttonClass} h-12 w-full`}>
          Continue
        </button>
        <button type="button" onClick={chooseApp} disabled={busy} className={`${secondaryButtonClass} h-12 w-full disabled:opacity-60`}>
          <Smartphone aria-hidden="true" className="size-4" /> Also add an authenticator app
        </button>
        {error && (
          <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-400">
            {error}
          </p>
        )}
      </div>
    );
  }
  return (
    <div className="space-y-6">
      <section aria-labelledby="two-step-app" className="rounded-2xl border border-line p-5">
        <h2 id="two-step-app" className="flex items-center gap-2 font-bold">
          <Smartphone aria-hidden="true" className="size-5" /> Authenticator app
        </h2>
        <p className="mt-1 text-sm text-ink-muted">A 6-digit code from an app on your phone, new every 30 seconds.</p>
        <button type="button" onClick={chooseApp} disabled={busy} className={`${buttonClass} mt-4 h-11 w-full disabled:opacity-60`}>
          Set up an authenticator app
        </button>
      </section>
      <section aria-labelledby="two-step-passkey" className="rounded-2xl border border-line p-5">
        <h2 id="two-step-passkey" className="flex items-center gap-2 font-bold">
          <KeyRound aria-hidden="true" className="size-5" /> Passkey
        </h2>
        <p className="mt-1 text-sm text-ink-muted">Your fingerprint, face or device PIN, on this device or a security key.</p>
        <TextField className="mt-4" label="Name it (e.g. Work laptop)" value={passkeyName} onChange={(e) => setPasskeyName(e.target.value)} maxLength={60} />
        <button type="button" onClick={choosePasskey} disabled={busy} className={`${secondaryButtonClass} mt-4 h-11 w-full disabled:opacity-60`}>
          Add a passkey
        </button>
      </section>
      {error && (
        <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * /admin/two-step (issue 29): the only staff page a member reaches before their session has given a second factor.
 * Without one set up, they set one up here; with one, they give it. Then they go on where they were going.
 */
export default function StaffTwoStep({ loaderData }: Route.ComponentProps) {
  const { redirectTo, factors } = loaderData;
  const sessionChanged = useSessionChanged();
  const done = () => sessionChanged(redirectTo);
  const setUp = !factors.totp && !factors.passkey;
  if (setUp) {
    return (
      <AuthCard title="Set up two-step sign-in" subtitle="Staff accounts need a second step after the password, so that a stolen password alone can't open the store. Choose one way; you can add the other later.">
        <SetUp onDone={done} />
        <SignOut />
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Two-step sign-in" subtitle={factors.totp ? "Enter the code from your authenticator app to finish signing in." : "Use your passkey to finish signing in."}>
      <SecondFactorForm factors={factors} purpose="sign-in" onGiven={done} autoFocus />
      <SignOut />
    </AuthCard>
  );
}
