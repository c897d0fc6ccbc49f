import { Gift, X } from "lucide-react";
import { Dialog } from "radix-ui";
import { type FormEvent, useState } from "react";
import { buttonClass } from "~/components/layout/status-screen";
import type { LazyDialogProps } from "~/components/ui/lazy-dialog";
import { toast } from "~/lib/toast";
import { OFFER_CODE_KEY } from "./exit-intent-popup";
import { THANKS_TITLE, useSubscribe } from "./use-subscribe";

/** The exit-intent offer's dialog, loaded when the shopper first heads for the top of the window (exit-intent-popup.tsx). */
export default function ExitIntentOffer({ open, onOpenChange, onCloseAutoFocus, onClaimed }: LazyDialogProps & { onClaimed: () => void }) {
  const { email, setEmail, busy, submit } = useSubscribe("exit-intent");
  const [invalid, setInvalid] = useState(false);

  async function claim(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!event.currentTarget.checkValidity()) {
      setInvalid(true);
      return;
    }
    const result = await submit();
    if (!result) return;
    if (result.offerCode) {
      try {
        localStorage.setItem(OFFER_CODE_KEY, result.offerCode);
      } catch {
        // The code is in the toast either way.
      }
    }
    toast.success(THANKS_TITLE, { description: result.offerCode ? `Your 15% code is ${result.offerCode}. We'll fill it in at checkout.` : "Welcome back: you're already on the list.", duration: 5000 });
    onClaimed();
  }

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/60" />
        <Dialog.Content onCloseAutoFocus={onCloseAutoFocus} className="fixed left-1/2 top-1/2 z-50 w-[min(28rem,92vw)] -translate-x-1/2 -translate-y-1/2 rounded-3xl bg-surface p-8 text-ink shadow-2xl focus:outline-none">
          <Dialog.Close aria-label="Close" className="absolute right-4 top-4 inline-flex size-10 items-center justify-center rounded-full hover:bg-surface-muted">
            <X aria-hidden="true" className="size-5" />
          </Dialog.Close>
          <Gift aria-hidden="true" className="size-10 text-brand-700 dark:text-brand-500" />
          <Dialog.Title className="mt-4 font-display text-2xl font-bold">Wait! Take 15% off</Dialog.Title>
          <Dialog.Description className="mt-2 text-ink-muted">Join our list for VSOP drop news and get a one-time 15% code for your first order.</Dialog.Description>
          <form onSubmit={claim} noValidate className="mt-6 space-y-3">
            <label htmlFor="exit-email" className="block text-sm font-medium">
              Email address
            </label>
            <input
              id="exit-email"
              type="email"
              required
              autoComplete="email"
              value={email}
              disabled={busy}
              aria-invalid={invalid || undefined}
              aria-describedby={invalid ? "exit-email-error" : undefined}
              onChange={(e) => {
                setEmail(e.target.value);
                setInvalid(false);
              }}
              className="h-11 w-full rounded-xl border border-line bg-surface px-3.5 text-base focus:border-ink focus:outline-none"
            />
            {invalid && (
              <p id="exit-email-error" className="text-sm text-red-700 dark:text-red-400">
                Enter a valid email address.
              </p>
            )}
            <button type="submit" disabled={busy} className={`${buttonClass} w-full disabled:opacity-60`}>
              {busy ? "Sending..." : "Get my 15% code"}
            </button>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
