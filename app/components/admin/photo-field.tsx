import { useRef, useState } from "react";
import { smallButtonClass, TextInput } from "~/components/admin/staff-form-kit";
import { ApiError } from "~/lib/api";
import { cn } from "~/lib/cn";
import { uploadPhoto, type UploadedPhoto } from "~/lib/upload-photo";
import { photoJpeg } from "../../../shared/photo-urls";

/** What a photo field holds: an upload's key and widths (or, a seeded article's cover, a picture the store ships) and alt text. */
export interface FieldPhoto {
  key?: string;
  widths?: number[];
  src?: string;
  alt: string;
}

const previewOf = (photo: FieldPhoto) => photo.src ?? (photo.key && photo.widths?.length ? photoJpeg({ key: photo.key, widths: photo.widths }, 640) : null);

/**
 * A staff photo (an entry's cover, an image-with-text section's photo, server/media/photo-schemas.ts): uploaded through
 * the photo pipeline, with the alt text the server requires. `fromUpload` keeps what the caller's schema keeps of the
 * upload's answer. Beside its preview where there is room (a container query), above it in a narrow column.
 */
export function PhotoField<P extends FieldPhoto>({
  id,
  legend,
  photo,
  fromUpload,
  onChange,
  error,
  altError,
  optional = false,
  removeLabel = "Remove the photo",
  prominent = false,
  className,
}: {
  id: string;
  legend: string;
  photo: P | null;
  fromUpload: (uploaded: UploadedPhoto, alt: string) => P;
  onChange: (photo: P | null) => void;
  /** The server's error for the photo as a whole (or, with no `altError`, for any of its fields). */
  error?: string;
  altError?: string;
  optional?: boolean;
  removeLabel?: string;
  /** A group of its own in a form (a display-type legend), rather than one field among a section's. */
  prominent?: boolean;
  className?: string;
}) {
  const fileInput = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const shown = uploadError ?? error;
  const preview = photo && previewOf(photo);

  async function upload(file: File) {
    setBusy(true);
    setUploadError(null);
    try {
      onChange(fromUpload(await uploadPhoto("/api/admin/content/photos", file), photo?.alt ?? ""));
    } catch (err) {
      setUploadError(err instanceof ApiError ? err.detail : "Couldn't upload the photo. Please try again.");
    } finally {
      setBusy(false);
    }
  }

  return (
    <fieldset className={cn("rounded-2xl border border-line p-4", className)}>
      <legend className={cn("px-1", prominent ? "font-display text-lg font-bold" : "text-sm font-semibold")}>{legend}</legend>
      <div className="@container">
        <div className="grid gap-3 @md:grid-cols-[10rem_1fr]">
          {preview ? (
            <img src={preview} alt="" width={640} height={360} className="aspect-video w-full rounded-xl bg-surface-muted object-cover @md:aspect-[4/3]" />
          ) : (
            <div className="hidden aspect-[4/3] w-full rounded-xl border border-dashed border-line @md:block" aria-hidden="true" />
          )}
          <div className="grid content-start gap-3">
            <div>
              <label htmlFor={`${id}-file`} className="block text-sm font-medium">
                {photo ? "Replace the photo" : "Upload a photo"}
                {optional && <span className="font-normal text-ink-muted"> (optional)</span>}
              </label>
              <input
                ref={fileInput}
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
                <TextInput
                  id={`${id}-alt`}
                  label="Alt text"
                  required
                  maxLength={300}
                  value={photo.alt}
                  onChange={(e) => onChange({ ...photo, alt: e.target.value })}
                  hint="What the photo shows, for people who can't see it."
                  error={altError}
                  {...(!altError && error
                    ? {
                        "aria-invalid": true,
                        "aria-describedby": `${id}-alt-hint ${id}-error`,
                      }
                    : {})}
                />
                <button
                  type="button"
                  onClick={() => {
                    onChange(null);
                    fileInput.current?.focus(); // the button goes with the photo
                  }}
                  className={`${smallButtonClass} w-fit`}
                >
                  {removeLabel}
                </button>
              </>
            )}
            <p role="status" className={busy ? "text-sm text-ink-muted" : "sr-only"}>
              {busy ? "Uploading…" : ""}
            </p>
            {shown && (
              <p id={`${id}-error`} role="alert" className="text-sm font-medium text-red-700 dark:text-red-400">
                {shown.charAt(0).toUpperCase() + shown.slice(1)}
              </p>
            )}
          </div>
        </div>
      </div>
    </fieldset>
  );
}
