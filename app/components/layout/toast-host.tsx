import { lazy, useEffect, useSyncExternalStore } from "react";
import { LazyMount } from "~/components/ui/lazy-dialog";
import { requestToaster, subscribeToaster, toasterWanted } from "~/lib/toast";

const Toasts = lazy(() => import("./toaster"));
const FIRST_INTERACTION = ["pointerdown", "keydown", "touchstart", "focusin"] as const;

/**
 * Mounts the Toaster on the shopper's first interaction (or the first toast, whichever comes first), so its live
 * region is in the page before any toast is announced, without loading sonner for visitors who only look.
 */
export function ToastHost() {
  const wanted = useSyncExternalStore(subscribeToaster, toasterWanted, () => false);
  useEffect(() => {
    if (toasterWanted()) return;
    const onFirst = () => {
      for (const type of FIRST_INTERACTION) window.removeEventListener(type, onFirst, true);
      requestToaster();
    };
    for (const type of FIRST_INTERACTION) window.addEventListener(type, onFirst, { capture: true, passive: true });
    return () => {
      for (const type of FIRST_INTERACTION) window.removeEventListener(type, onFirst, true);
    };
  }, []);
  return (
    <LazyMount when={wanted}>
      <Toasts />
    </LazyMount>
  );
}
