import { ArrowDown, ArrowUp, Trash2 } from "lucide-react";
import { useState } from "react";
import { useRevalidator } from "react-router";
import { type Photo, photoJpeg } from "../../../shared/photo-urls";
import { ApiError, apiRequest } from "~/lib/api";
import { toast } from "~/lib/toast";
import { LabelledSelect } from "~/components/admin/labelled-select";

export interface StaffPhoto extends Photo {
  id: number;
  position: number;
}

const ACCEPTED = "image/jpeg,image/png,image/webp,image/avif";
const MAX_BYTES = 20 * 1024 * 1024;
const iconButton = "inline-flex size-9 items-center justify-center rounded-lg border border-line text-ink-muted hover:text-ink disabled:opacity-40";

/** Uploads the file's bytes as the request body: the server decides what it is by decoding it. */
async function uploadPhoto(productId: number, file: File, color: string) {
  const res = await fetch(`/api/admin/products/${productId}/photos${color ? `?color=${encodeURIComponent(color)}` : ""}`, {
    method: "POST",
    credentials: "include",
    headers: { "content-type": file.type || "application/octet-stream" },
    body: file,
  });
  if (!res.ok) throw new ApiError(res.status, ((await res.json().catch(() => null)) as { message?: string } | null)?.message ?? res.statusText);
}

function PhotoRow({ photo, colors, first, last, onChange }: { photo: StaffPhoto; colors: string[]; first: boolean; last: boolean; onChange: (change: Record<string, unknown> | null) => Promise<void> }) {
  const [alt, setAlt] = useState(photo.alt);
  return (
    <li className="flex flex-wrap items-center gap-3 py-3">
      <img src={photoJpeg(photo, 320)} alt="" width={64} height={80} loading="lazy" className="h-20 w-16 rounded-lg bg-surface-muted object-cover" />
      <form
        className="flex flex-1 flex-wrap items-end gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          void onChange({ alt });
        }}
      >
        <div className="min-w-56 flex-1">
          <label htmlFor={`alt-${photo.id}`} className="block text-xs font-medium">
            Alt text (photo {photo.position})
          </label>
          <input id={`alt-${photo.id}`} required maxLength={250} value={alt} onChange={(e) => setAlt(e.target.value)} className="mt-1 h-9 w-full rounded-lg border border-line bg-surface px-2 text-sm" />
        </div>
        <button type="submit" disabled={alt === photo.alt || !alt.trim()} className="h-9 rounded-lg border border-ink px-3 text-xs font-semibold disabled:opacity-40">
          Save
        </button>
        <LabelledSelect id={`color-${photo.id}`} label="Colour" small value={photo.color ?? ""} onChange={(e) => void onChange({ color: e.target.value || null })} empty="Every colour" options={colors.map((c) => [c, c] as const)} />
      </form>
      <div className="flex gap-1">
        <button type="button" aria-label={`Move photo ${photo.position} up`} disabled={first} onClick={() => void onChange({ position: photo.position - 1 })} className={iconButton}>
          <ArrowUp aria-hidden="true" className="size-4" />
        </button>
        <button type="button" aria-label={`Move photo ${photo.position} down`} disabled={last} onClick={() => void onChange({ position: photo.position + 1 })} className={iconButton}>
          <ArrowDown aria-hidden="true" className="size-4" />
        </button>
        <button type="button" aria-label={`Delete photo ${photo.position}`} onClick={() => void onChange(null)} className={iconButton}>
          <Trash2 aria-hidden="true" className="size-4" />
        </button>
      </div>
    </li>
  );
}

/** The product's photos: upload (JPEG, PNG, WebP or AVIF), alt text, colour, order and delete. */
export function PhotoManager({ productId, photos, colors }: { productId: number; photos: StaffPhoto[]; colors: string[] }) {
  const revalidator = useRevalidator();
  const [color, setColor] = useState("");
  const [busy, setBusy] = useState(false);

  async function upload(files: FileList | null) {
    if (!files?.length) return;
    setBusy(true);
    try {
      for (const file of files) {
        if (file.size > MAX_BYTES) {
          toast.error(`${file.name} is over 20 MB`);
          continue;
        }
        await uploadPhoto(productId, file, color);
      }
      toast.success(files.length === 1 ? "Photo added" : "Photos added");
    } catch (error) {
      toast.error("Couldn't add the photo", { description: error instanceof ApiError ? error.detail : undefined });
    } finally {
      setBusy(false);
      await revalidator.revalidate();
    }
  }

  async function change(photo: StaffPhoto, patch: Record<string, unknown> | null) {
    try {
      if (patch === null) {
        if (!window.confirm(`Delete photo ${photo.position}?`)) return;
        await apiRequest("DELETE", `/api/admin/photos/${photo.id}`);
      } else await apiRequest("PATCH", `/api/admin/photos/${photo.id}`, patch);
      await revalidator.revalidate();
    } catch (error) {
      toast.error("Couldn't change the photo", { description: error instanceof ApiError ? error.detail : undefined });
    }
  }

  return (
    <section aria-labelledby="photos-heading" className="mt-8 rounded-3xl border border-line p-6">
      <h2 id="photos-heading" className="font-semibold">
        Photos
      </h2>
      <p className="mt-1 text-sm text-ink-muted">JPEG, PNG, WebP or AVIF, up to 20 MB each. The first photo is the one shoppers see first; a photo tied to a colour shows when that colour is picked.</p>
      <div className="mt-4 flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor="photo-files" className="block text-sm font-medium">
            Add photos
          </label>
          <input id="photo-files" type="file" multiple accept={ACCEPTED} disabled={busy} onChange={(e) => void upload(e.target.files).then(() => (e.target.value = ""))} className="mt-1 block text-sm file:mr-3 file:rounded-full file:border file:border-line file:bg-surface file:px-4 file:py-2 file:font-semibold" />
        </div>
        <LabelledSelect id="photo-color" label="For colour" value={color} onChange={(e) => setColor(e.target.value)} empty="Every colour" options={colors.map((c) => [c, c] as const)} />
        {busy && (
          <p role="status" className="text-sm text-ink-muted">
            Uploading and making sizes...
          </p>
        )}
      </div>
      {photos.length === 0 ? (
        <p className="mt-4 text-sm text-ink-muted">No photos yet: the store shows the product's drawings.</p>
      ) : (
        <ol className="mt-4 divide-y divide-line" aria-label="Product photos">
          {photos.map((p, i) => (
            <PhotoRow key={`${p.id}-${p.alt}-${p.color}`} photo={p} colors={colors} first={i === 0} last={i === photos.length - 1} onChange={(patch) => change(p, patch)} />
          ))}
        </ol>
      )}
    </section>
  );
}
