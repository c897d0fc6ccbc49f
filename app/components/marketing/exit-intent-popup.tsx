import { useEffect, useState } from "react";
import { lazyDialog, LazyMount } from "~/components/ui/lazy-dialog";
import { pushEvent } from "~/lib/analytics";

const ARM_AFTER_MS = 3000;
const SHOWN_KEY = "exitIntentShown";
export const OFFER_CODE_KEY = "offerCode";

const offer = lazyDialog(() => import("./exit-intent-offer"));

const noop = () => {};

function alreadyShown(): boolean {
  try {
    return sessionStorage.getItem(SHOWN_KEY) === "true";
  } catch {
    return true;
  }
}

/**
 * SPEC §4 exit popup: armed 3 s after the page began loading, opens once per browser session when the pointer leaves
 * through the top. Mounted once the page is idle (exit-intent.tsx); the offer's dialog and form load only when it opens.
 */
export function ExitIntentPopup() {
  const [open, setOpen] = useState(false);

  useEffect(() => {
    if (alreadyShown()) return;
    const onLeave = (event: MouseEvent) => {
      if (event.relatedTarget !== null || event.clientY > 0 || alreadyShown()) return;
      try {
        sessionStorage.setItem(SHOWN_KEY, "true");
      } catch {
        // Without storage it may show again next page load; acceptable.
      }
      pushEvent({ event: "exit_intent_shown" });
      setOpen(true);
    };
    const timer = setTimeout(() => document.addEventListener("mouseout", onLeave), Math.max(0, ARM_AFTER_MS - performance.now()));
    return () => {
      clearTimeout(timer);
      document.removeEventListener("mouseout", onLeave);
    };
  }, []);

  function onOpenChange(next: boolean) {
    if (!next && open) pushEvent({ event: "exit_intent_dismissed" });
    setOpen(next);
  }

  return (
    <LazyMount when={open}>
      {/* The popup opened without a button: Radix's own focus handling on close is kept (noop here). */}
      <offer.Dialog open={open} onOpenChange={onOpenChange} onCloseAutoFocus={noop} onClaimed={() => setOpen(false)} />
    </LazyMount>
  );
}
