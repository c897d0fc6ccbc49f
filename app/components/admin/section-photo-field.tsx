import { useState } from "react";
import { smallButtonClass, TextInput } from "~/components/admin/staff-form-kit";
import { ApiError } from "~/lib/api";
import { uploadPhoto } from "~/lib/upload-photo";
import { photoJpeg } from "../../../shared/photo-urls";

export interface SectionPhoto {
  key: string;
  widths: number[];
  width: number;
  height: number;
  alt: string;
}

/** An image-with-text section's photo: uploaded through the photo pipeline, with the alt text the server requires. */
export function SectionPhotoField({ id, photo, onChange, error }: { id: string; photo: SectionPhoto | null; onChange: (photo: SectionPhoto | null) => void; error: (field?: string) => string | undefined }) {
  const [busy, setBusy] = useState(false);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const shown = uploadError ?? error();

  async function upload(file: File) {
    setBusy(true);
    setUploadError(null);
    try {
      const { key, widths, width, height } = await uploadPhoto("/api/admin/content/photos", file);
      onChange({ key, widths, width, height, alt: photo?.alt ?? "" });
    } catch (err) {
      setUploadError(err instanceof ApiError ? err.detail : "Couldn't upload the photo. Please try again.");
    } finally {
      setBusy(false);
    }
  }

  return (
    <fieldset className="grid gap-3 rounded-2xl border border-line p-4 sm:col-span-2 sm:grid-cols-[10rem_1fr]">
      <legend className="px-1 text-sm font-semibold">Photo</legend>
      {photo ? <img src={photoJpeg(photo, 320)} alt="" width={160} height={120} className="aspect-[4/3] w-40 rounded-xl bg-surface-muted object-cover" /> : <div className="hidden aspect-[4/3] w-40 rounded-xl border border-dashed border-line sm:block" aria-hidden="true" />}
      <div className="grid content-start gap-3">
        <div>
          <label htmlFor={`${id}-file`} className="block text-sm font-medium">
            {photo ? "Replace the photo" : "Upload a photo"}
          </label>
          <input
            id={`${id}-file`}
            type="file"
            accept="image/jpeg,image/png,image/webp,image/avif"
            disabled={busy}
            aria-describedby={shown ? `${id}-error` : undefined}
            onChange={(e) => {
              const file = e.target.files?.[0];
              e.target.value = "";
              if (file) void upload(file);
            }}
            className="mt-1 block w-full text-sm file:mr-3 file:rounded-lg file:border file:border-line file:bg-surface file:px-3 file:py-2 file:text-sm file:font-semibold"
          />
        </div>
        {photo && (
          <>
            <TextInput id={`${id}-alt`} label="Alt text" required maxLength={300} value={photo.alt} onChange={(e) => onChange({ ...photo, alt: e.target.value })} hint="What the photo shows, for people who can't see it." error={error("alt")} />
            <button type="button" onClick={() => onChange(null)} className={`${smallButtonClass} w-fit`}>
              Remove the photo
            </button>
          </>
        )}
        {busy && (
          <p role="status" className="text-sm text-ink-muted">
            Uploading…
          </p>
        )}
        {shown && (
          <p id={`${id}-error`} role="alert" className="text-sm font-medium text-red-700 dark:text-red-400">
            {shown.charAt(0).toUpperCase() + shown.slice(1)}
          </p>
        )}
      </div>
    </fieldset>
  );
}
