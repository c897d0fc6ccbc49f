import { Eye } from "lucide-react";
import { type FormEvent, useState } from "react";
import { fromUtcInput } from "~/lib/utc-time";
import { TextInput } from "~/components/admin/staff-form-kit";

/** Opens the home page as it will be at a chosen time: its sections and announcement by their windows then (staff only). */
export function PreviewAsOf() {
  const [error, setError] = useState<string | undefined>();
  function open(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const when = fromUtcInput(String(new FormData(event.currentTarget).get("asOf") ?? ""));
    if (!when) return setError("Choose a date and time");
    // A full page load: the announcement bar is read with the page, not on client navigation.
    window.location.assign(`/?asOf=${encodeURIComponent(when)}`);
  }
  return (
    <section aria-labelledby="preview-title" className="rounded-2xl bg-surface-muted p-4 sm:p-5">
      <h2 id="preview-title" className="font-display text-lg font-bold">
        Preview as of
      </h2>
      <p className="mb-3 text-sm text-ink-muted">See the home page and the bar as shoppers will at a future time, with the saved sections' and announcements' windows.</p>
      <form onSubmit={open} noValidate className="flex flex-wrap items-end gap-3">
        <TextInput id="preview-as-of" name="asOf" type="datetime-local" label="Date and time (UTC)" error={error} className="min-w-56 flex-1" />
        <button type="submit" className="inline-flex h-10 items-center gap-1.5 rounded-xl bg-ink px-4 text-sm font-semibold text-surface hover:opacity-90">
          <Eye aria-hidden="true" className="size-4" /> Open preview
        </button>
      </form>
    </section>
  );
}
