import { useId, useState } from "react";
import { smallButtonClass } from "~/components/admin/staff-form-kit";
import { ApiError } from "~/lib/api";
import { uploadPhoto } from "~/lib/upload-photo";
import { photoJpeg } from "../../../shared/photo-urls";

/** A photo upload, or (the seeded articles) one of the pictures the store ships. */
export interface Cover {
  key?: string;
  widths?: number[];
  src?: string;
  alt: string;
}

const previewOf = (cover: Cover) => cover.src ?? (cover.key && cover.widths?.length ? photoJpeg({ key: cover.key, widths: cover.widths }, 640) : null);

/** An entry's cover photo: uploaded through the photo pipeline, with the alt text the server requires. */
export function CoverField({ cover, onChange, error }: { cover: Cover | null; onChange: (cover: Cover | null) => void; error?: string }) {
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const shown = uploadError ?? error;

  async function upload(file: File) {
    setBusy(true);
    setUploadError(null);
    try {
      const photo = await uploadPhoto("/api/admin/content/photos", file);
      onChange({ key: photo.key, widths: photo.widths, alt: cover?.alt ?? "" });
    } catch (err) {
      setUploadError(err instanceof ApiError ? err.detail : "Couldn't upload the photo. Please try again.");
    } finally {
      setBusy(false);
    }
  }

  return (
    <fieldset className="grid gap-3 rounded-2xl border border-line p-4">
      <legend className="px-1 font-display text-lg font-bold">Cover photo</legend>
      {cover && previewOf(cover) && <img src={previewOf(cover)!} alt="" className="aspect-video w-full rounded-xl bg-surface-muted object-cover" />}
      <div>
        <label htmlFor={`${id}-file`} className="block text-sm font-medium">
          {cover ? "Replace the photo" : "Photo"} <span className="font-normal text-ink-muted">(optional)</span>
        </label>
        <input
          id={`${id}-file`}
          type="file"
          accept="image/jpeg,image/png,image/webp,image/avif"
          disabled={busy}
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (file) void upload(file);
          }}
          aria-describedby={shown ? `${id}-error` : undefined}
          className="mt-1 block w-full text-sm file:mr-3 file:rounded-lg file:border file:border-line file:bg-surface file:px-3 file:py-2 file:text-sm file:font-semibold"
        />
      </div>
      {cover && (
        <>
          <div>
            <label htmlFor={`${id}-alt`} className="block text-sm font-medium">
              Alt text
            </label>
            <input
              id={`${id}-alt`}
              required
              value={cover.alt}
              maxLength={300}
              onChange={(e) => onChange({ ...cover, alt: e.target.value })}
              aria-invalid={error ? true : undefined}
              aria-describedby={shown ? `${id}-error` : `${id}-alt-hint`}
              className="mt-1 h-10 w-full rounded-xl border border-line bg-surface px-3 text-sm"
            />
            <p id={`${id}-alt-hint`} className="mt-1 text-xs text-ink-muted">
              What the photo shows, for people who can't see it.
            </p>
          </div>
          <button type="button" onClick={() => onChange(null)} className={smallButtonClass}>
            Remove the cover
          </button>
        </>
      )}
      {busy && <p className="text-sm text-ink-muted">Uploading…</p>}
      {shown && (
        <p id={`${id}-error`} role="alert" className="text-sm font-medium text-red-700 dark:text-red-400">
          {shown.charAt(0).toUpperCase() + shown.slice(1)}
        </p>
      )}
    </fieldset>
  );
}
