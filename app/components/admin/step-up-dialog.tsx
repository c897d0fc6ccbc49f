import { X } from "lucide-react";
import { Dialog } from "radix-ui";
import { useCallback, useEffect, useRef, useState } from "react";
import { apiRequest, setSecondFactorPrompt } from "~/lib/api";
import { useUser } from "~/lib/session";
import { type Factors, SecondFactorForm } from "./second-factor-form";

type Reason = "step_up" | "second_factor";

/**
 * The one step-up dialog (issue 29), mounted once by the staff frame: when a staff call is refused because the second
 * factor was given more than 10 minutes ago (or not in this session), app/lib/api.ts asks here, the member gives it
 * again, and the call is tried once more. Closing it (Escape, Cancel) keeps the refusal. Calls refused while it is
 * open wait for the same answer.
 */
export function StepUpDialog() {
  const secondFactor = useUser()?.staff?.secondFactor;
  const [reason, setReason] = useState<Reason | null>(null);
  const [factors, setFactors] = useState<Factors | null>(null);
  const pending = useRef<{ answer: Promise<boolean>; settle: (given: boolean) => void } | null>(null);

  const prompt = useCallback((why: Reason) => {
    if (pending.current) return pending.current.answer;
    let settle!: (given: boolean) => void;
    const answer = new Promise<boolean>((resolve) => (settle = resolve));
    pending.current = { answer, settle };
    setReason(why);
    return answer;
  }, []);
  useEffect(() => {
    const remove = setSecondFactorPrompt(prompt);
    // Leaving the staff area with the dialog open: the waiting call keeps its refusal.
    return () => {
      remove();
      pending.current?.settle(false);
      pending.current = null;
    };
  }, [prompt]);

  // What the member can give right now, recovery codes included.
  useEffect(() => {
    if (!reason) return;
    let live = true;
    apiRequest<{ totp: boolean; passkey: boolean; recoveryCodesLeft: number }>("GET", "/api/admin/security").then(
      (s) => live && setFactors({ totp: s.totp, passkey: s.passkey, recoveryCodes: s.recoveryCodesLeft > 0 }),
      () => live && setFactors({ totp: secondFactor?.totp ?? true, passkey: secondFactor?.passkey ?? false, recoveryCodes: true }),
    );
    return () => {
      live = false;
    };
  }, [reason, secondFactor?.totp, secondFactor?.passkey]);

  function close(given: boolean) {
    pending.current?.settle(given);
    pending.current = null;
    setReason(null);
    setFactors(null);
  }

  return (
    <Dialog.Root open={reason !== null} onOpenChange={(open) => !open && close(false)}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[60] bg-black/50" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-[60] max-h-[90vh] w-[min(26rem,92vw)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-3xl border border-line bg-surface-raised p-6 text-ink shadow-2xl focus:outline-none">
          <div className="flex items-start justify-between gap-3">
            <Dialog.Title className="font-display text-2xl font-bold tracking-tight">Confirm it's you</Dialog.Title>
            <Dialog.Close aria-label="Close" className="-mr-2 -mt-1 inline-flex size-10 shrink-0 items-center justify-center rounded-full hover:bg-surface-muted">
              <X aria-hidden="true" className="size-5" />
            </Dialog.Close>
          </div>
          <Dialog.Description className="mt-2 text-sm text-ink-muted">
            {reason === "second_factor" ? "Finish signing in with your second factor to do this." : "This change needs your second factor again: it was last given more than 10 minutes ago."}
          </Dialog.Description>
          <div className="mt-5">
            {factors ? (
              <SecondFactorForm factors={factors} purpose={reason === "second_factor" ? "sign-in" : "step-up"} onGiven={() => close(true)} submitLabel="Confirm" autoFocus />
            ) : (
              <p role="status" className="text-sm text-ink-muted">
                Loading...
              </p>
            )}
          </div>
          <Dialog.Close className="mt-4 w-full rounded-full py-2 text-sm font-medium text-ink-muted underline hover:text-ink">Cancel</Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
