import { useState } from "react";
import { useRevalidator } from "react-router";
import { ApiError, apiRequest } from "./api";
import { toast } from "./toast";

/**
 * Sends one staff change, says how it went (with `effect`: where the change shows, e.g. "The next search uses it."),
 * and reloads the page's data. `call` answers whether it was saved.
 */
export function useStaffCall(effect: string) {
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);
  async function call(method: "POST" | "PATCH" | "PUT" | "DELETE", path: string, body: unknown, done: string): Promise<boolean> {
    setBusy(true);
    try {
      await apiRequest(method, path, body);
      toast.success(done, { description: effect });
      await revalidator.revalidate();
      return true;
    } catch (error) {
      toast.error("Couldn't save", { description: error instanceof ApiError ? error.detail : undefined });
      return false;
    } finally {
      setBusy(false);
    }
  }
  return { call, busy };
}
