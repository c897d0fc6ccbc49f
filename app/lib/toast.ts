import type { ExternalToast, toast as sonnerToast } from "sonner";

/**
 * Toasts without sonner in the page's first load. Every toast answers something the shopper did, so sonner's Toaster
 * is mounted (components/layout/toast-host.tsx) on the first interaction with the page, before any toast can be
 * asked for; a toast asked for earlier waits until the Toaster is listening, so none is lost.
 */
type Options = Pick<ExternalToast, "id" | "description" | "duration">;
type Sonner = typeof sonnerToast;

let wanted = false;
const listeners = new Set<() => void>();
let markReady: (toast: Sonner) => void = () => {};
const ready = new Promise<Sonner>((resolve) => (markReady = resolve));

/** Asks the ToastHost to load and mount the Toaster (once). */
export function requestToaster(): void {
  if (wanted) return;
  wanted = true;
  for (const listener of listeners) listener();
}

export const toasterWanted = () => wanted;

export function subscribeToaster(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Called by the mounted Toaster once it listens for toasts. */
export const toasterReady = (toast: Sonner) => markReady(toast);

function show(kind: "message" | "success" | "error") {
  return (title: string, options?: Options): void => {
    requestToaster();
    void ready.then((toast) => (kind === "message" ? toast(title, options) : toast[kind](title, options)));
  };
}

/** sonner's toast(), toast.success() and toast.error(), same arguments. */
export const toast = Object.assign(show("message"), { success: show("success"), error: show("error") });
