import { useEffect } from "react";
import { toast, Toaster } from "sonner";
import { toasterReady } from "~/lib/toast";

/** Tells lib/toast.ts that toasts can be shown; its effect runs after the Toaster's own (which subscribes). */
function Ready() {
  useEffect(() => toasterReady(toast), []);
  return null;
}

/** sonner's Toaster, loaded by ToastHost. */
export default function Toasts() {
  return (
    <>
      <Toaster position="top-center" closeButton duration={3000} toastOptions={{ className: "font-sans" }} />
      <Ready />
    </>
  );
}
