import { useState } from "react";
import { toast } from "~/lib/toast";
import type { Subscription } from "../../../server/newsletter/subscribe";
import { apiRequest, ApiError } from "~/lib/api";

type Source = "newsletter" | "vip" | "exit-intent" | "footer";

/** SPEC §4 newsletter/VIP behaviour: blank → destructive toast; busy while sending; thanks toast; field cleared. */
export function useSubscribe(source: Source) {
  const [email, setEmail] = useState("");
  const [busy, setBusy] = useState(false);
  async function submit(): Promise<Subscription | null> {
    if (!email.trim()) {
      toast.error("Error", { description: "Please enter your email address." });
      return null;
    }
    setBusy(true);
    try {
      const result = await apiRequest<Subscription>("POST", "/api/newsletter", { email: email.trim(), source });
      setEmail("");
      return result;
    } catch (error) {
      toast.error("Error", { description: error instanceof ApiError ? error.detail : "We couldn't sign you up. Please try again." });
      return null;
    } finally {
      setBusy(false);
    }
  }
  return { email, setEmail, busy, submit };
}

export const THANKS_TITLE = "Thanks for subscribing!";
export const THANKS_TEXT = "You'll be the first to know about new VSOP drops and exclusive offers.";
