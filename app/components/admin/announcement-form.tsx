import { type FormEvent, useRef, useState } from "react";
import type { AnnouncementJson } from "../../../server/home/home-store";
import { fromUtcInput, toUtcInput } from "~/lib/utc-time";
import { TextAreaInput } from "~/components/admin/staff-form-kit";
import { FormError, noErrors, TextInput, useFocusFirstError, useStaffCall, type Errors } from "~/components/admin/staff-form-kit";
import { buttonClass } from "~/components/layout/status-screen";
import { FREE_SHIPPING_PLACEHOLDER } from "../../../shared/announcement-copy";
import { formatCents } from "../../../shared/shipping-copy";

/** A new announcement, or changes to one; the server's error for a field shows under it. */
export function AnnouncementForm({ id, announcement, freeShippingFromCents, onDone }: { id: string; announcement?: AnnouncementJson; freeShippingFromCents: number | null; onDone: () => void }) {
  const [errors, setErrors] = useState<Errors>(noErrors);
  const { call, busy } = useStaffCall();
  const form = useRef<HTMLFormElement>(null);
  useFocusFirstError(form, errors);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const text = (name: string) => String(data.get(name) ?? "").trim();
    const body = {
      message: text("message"),
      linkUrl: text("linkUrl") || null,
      linkLabel: text("linkLabel") || null,
      active: data.get("active") === "on",
      position: Number(text("position") || 0),
      startsAt: fromUtcInput(text("startsAt")),
      endsAt: fromUtcInput(text("endsAt")),
    };
    const result = announcement
      ? await call("PATCH", `/api/admin/announcements/${announcement.id}`, body, "Announcement saved")
      : await call("POST", "/api/admin/announcements", body, "Announcement added");
    setErrors(result ?? noErrors);
    if (!result) onDone();
  }

  const threshold = freeShippingFromCents === null ? "no free-shipping rule applies to every order now, so such a message is not shown" : `it reads ${formatCents(freeShippingFromCents)} today`;
  const f = errors.fields;
  return (
    <form ref={form} onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-2">
      <TextAreaInput
        id={`${id}-message`}
        name="message"
        label="Message"
        rows={2}
        maxLength={200}
        required
        defaultValue={announcement?.message ?? ""}
        hint={`Plain text, one line. ${FREE_SHIPPING_PLACEHOLDER} becomes the free-shipping amount from your shipping rules (${threshold}).`}
        error={f.message}
        className="sm:col-span-2"
      />
      <TextInput id={`${id}-link`} name="linkUrl" label="Link (optional)" defaultValue={announcement?.linkUrl ?? ""} maxLength={500} hint="A path on this store (/category/sale) or an https:// address." error={f.linkUrl} />
      <TextInput id={`${id}-label`} name="linkLabel" label="Link text (optional)" defaultValue={announcement?.linkLabel ?? ""} maxLength={40} hint="“Learn more” when empty." error={f.linkLabel} />
      <TextInput id={`${id}-starts`} name="startsAt" type="datetime-local" label="Starts (UTC, optional)" defaultValue={toUtcInput(announcement?.startsAt ?? null)} error={f.startsAt} />
      <TextInput id={`${id}-ends`} name="endsAt" type="datetime-local" label="Ends (UTC, optional)" defaultValue={toUtcInput(announcement?.endsAt ?? null)} error={f.endsAt} />
      <TextInput id={`${id}-position`} name="position" type="number" inputMode="numeric" min={0} max={1000} label="Order" defaultValue={announcement?.position ?? 0} hint="Lower first: the first live one shows." error={f.position} />
      <div className="flex items-center gap-2 self-center pt-4">
        <input id={`${id}-active`} name="active" type="checkbox" defaultChecked={announcement?.active ?? true} className="size-5 accent-ink" />
        <label htmlFor={`${id}-active`} className="text-sm font-medium">
          On (shown in its window)
        </label>
      </div>
      <FormError id={`${id}-error`} message={errors.form} />
      <div className="flex gap-3 sm:col-span-2">
        <button type="submit" disabled={busy} className={`${buttonClass} disabled:opacity-60`}>
          {busy ? "Saving..." : announcement ? "Save announcement" : "Add announcement"}
        </button>
      </div>
    </form>
  );
}
