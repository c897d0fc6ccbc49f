import { Trash2 } from "lucide-react";
import { useState } from "react";
import { useRevalidator } from "react-router";
import { secondaryButtonClass } from "~/components/layout/status-screen";
import { ApiError, apiRequest } from "~/lib/api";
import { toast } from "~/lib/toast";
import { uploadPhoto } from "~/lib/upload-photo";
import { photoUrl } from "../../../shared/photo-urls";
import type { StoreLogo } from "../../../shared/store-settings";

const ACCEPTED = "image/png,image/jpeg,image/webp,image/avif";
const MAX_BYTES = 20 * 1024 * 1024;

const uploadLogo = (file: File) => uploadPhoto("/api/admin/settings/logo", file);

/** The logo on the light and the dark theme's background, as the header will draw it. */
function Preview({ logo, name }: { logo: StoreLogo; name: string }) {
  const src = photoUrl(logo.key, logo.widths.find((w) => w >= 320) ?? logo.widths.at(-1)!, "webp");
  return (
    <div className="flex flex-wrap gap-3">
      {["bg-white", "bg-[#16171a]"].map((background) => (
        <div key={background} className={`flex h-16 min-w-40 items-center justify-center rounded-xl border border-line px-4 ${background}`}>
          <img src={src} alt={background === "bg-white" ? `${name} logo` : ""} className="h-8 w-auto max-w-40 object-contain" />
        </div>
      ))}
    </div>
  );
}

/**
 * The header's logo: a PNG, JPEG, WebP or AVIF (a transparent PNG suits both themes), uploaded at once; without one the
 * header shows the store's name as a wordmark. Part of the settings form's layout, but not of what Save sends.
 */
export function LogoSettings({ logo, name }: { logo: StoreLogo | null; name: string }) {
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function run(work: () => Promise<unknown>, done: string) {
    setBusy(true);
    setError(null);
    try {
      await work();
      toast.success(done);
      await revalidator.revalidate();
    } catch (e) {
      const message = e instanceof ApiError ? e.detail : "Please try again.";
      setError(message);
      toast.error("Couldn't change the logo", { description: message });
    } finally {
      setBusy(false);
    }
  }

  function upload(file: File | undefined) {
    if (!file) return;
    if (file.size > MAX_BYTES) return setError("Logo: the file is over 20 MB");
    void run(() => uploadLogo(file), "Logo uploaded");
  }

  return (
    <fieldset className="rounded-2xl border border-line p-5">
      <legend className="px-1 font-display text-lg font-bold">Logo</legend>
      <p className="mb-4 text-sm text-ink-muted">Shown in the header and the footer, and in search results. A wide PNG with a transparent background works best. It changes as soon as it is uploaded.</p>
      {logo ? <Preview logo={logo} name={name} /> : <p className="text-sm text-ink-muted">No logo yet: the header shows “{name}” as text.</p>}
      <div className="mt-4 flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor="settings-logo" className="block text-sm font-medium">
            {logo ? "Replace the logo" : "Upload a logo"}
          </label>
          <input
            id="settings-logo"
            type="file"
            accept={ACCEPTED}
            disabled={busy}
            aria-describedby={error ? "settings-logo-error" : undefined}
            onChange={(e) => {
              upload(e.target.files?.[0]);
              e.target.value = "";
            }}
            className="mt-1 block max-w-full text-sm file:mr-3 file:rounded-full file:border file:border-line file:bg-surface file:px-4 file:py-2 file:font-semibold"
          />
        </div>
        {logo && (
          <button type="button" disabled={busy} onClick={() => void run(() => apiRequest("DELETE", "/api/admin/settings/logo"), "Logo removed")} className={`${secondaryButtonClass} disabled:opacity-60`}>
            <Trash2 aria-hidden="true" className="size-4" /> Remove logo
          </button>
        )}
      </div>
      {busy && (
        <p role="status" className="mt-2 text-sm text-ink-muted">
          Working on the logo…
        </p>
      )}
      {error && (
        <p id="settings-logo-error" role="alert" className="mt-2 text-sm font-medium text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
    </fieldset>
  );
}
