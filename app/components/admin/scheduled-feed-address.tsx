import { Copy, RefreshCw } from "lucide-react";
import { useState } from "react";
import { useRevalidator } from "react-router";
import { buttonClass, secondaryButtonClass } from "~/components/layout/status-screen";
import { ApiError, apiRequest } from "~/lib/api";
import { toast } from "~/lib/toast";

/** The scheduled-feed address with its secret token, a copy button, and a two-step rotation of the token. */
export function ScheduledFeedAddress({ url, rotatable }: { url: string; rotatable: boolean }) {
  const revalidator = useRevalidator();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);

  async function copy() {
    try {
      await navigator.clipboard.writeText(url);
      toast.success("Address copied");
    } catch {
      toast.error("Couldn't copy", { description: "Select the address and copy it by hand." });
    }
  }

  async function rotate() {
    setBusy(true);
    try {
      await apiRequest("POST", "/api/admin/feed-token", {});
      toast.success("New feed address", { description: "Paste it into Commerce Manager: the old address no longer works." });
      setConfirming(false);
      await revalidator.revalidate();
    } catch (error) {
      toast.error("Couldn't rotate the token", { description: error instanceof ApiError ? error.detail : undefined });
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="space-y-3">
      <code data-testid="scheduled-feed-url" className="block break-all rounded-lg bg-surface-muted p-3 text-ink">
        {url}
      </code>
      <p className="text-xs">Anyone with this address can read the catalog feed (it holds only public product data). Rotate the token if it leaks.</p>
      <div className="flex flex-wrap items-center gap-2">
        <button type="button" onClick={copy} className={secondaryButtonClass}>
          <Copy aria-hidden="true" className="size-4" /> Copy address
        </button>
        {rotatable && !confirming && (
          <button type="button" onClick={() => setConfirming(true)} className={secondaryButtonClass}>
            <RefreshCw aria-hidden="true" className="size-4" /> Rotate token
          </button>
        )}
        {confirming && (
          <div role="group" aria-label="Confirm token rotation" className="flex flex-wrap items-center gap-2">
            <span className="text-sm text-ink">The current address stops working at once.</span>
            <button type="button" onClick={rotate} disabled={busy} className={`${buttonClass} disabled:opacity-60`}>
              {busy ? "Rotating..." : "Rotate now"}
            </button>
            <button type="button" onClick={() => setConfirming(false)} disabled={busy} className={secondaryButtonClass}>
              Cancel
            </button>
          </div>
        )}
        {!rotatable && <span className="text-xs">Set by FEED_TOKEN on the server: change it there to rotate.</span>}
      </div>
    </div>
  );
}
