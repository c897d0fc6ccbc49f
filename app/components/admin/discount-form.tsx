import { type FormEvent, useState } from "react";
import { useRevalidator } from "react-router";
import { buttonClass } from "~/components/layout/status-screen";
import { LabelledSelect } from "~/components/admin/labelled-select";
import { ApiError, apiRequest } from "~/lib/api";
import { centsFromDollarsText } from "~/lib/money";
import { toast } from "~/lib/toast";
import { Field, fieldInputClass } from "~/components/admin/field";

const KINDS = [
  ["percent", "Percentage off"],
  ["fixed", "Amount off (USD)"],
  ["free_shipping", "Free shipping"],
] as const;
type Kind = (typeof KINDS)[number][0];

const inputClass = fieldInputClass;
/** "2026-12-21T18:00" as UTC (the staff area shows and takes times in UTC, like the VSOP drop page). */
const fromInput = (value: string) => (value ? new Date(`${value}:00Z`).toISOString() : null);


/** The form for a new code: what it takes off, and when, how often, for whom and on what it may be used. */
export function NewDiscountForm({ collections }: { collections: { slug: string; name: string }[] }) {
  const revalidator = useRevalidator();
  const [kind, setKind] = useState<Kind>("percent");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (name: string) => String(form.get(name) ?? "").trim();
    const value = text("value");
    const minimum = text("minimum");
    const limit = text("limit");
    const body = {
      code: text("code"),
      kind,
      percentOff: kind === "percent" ? Number(value) : null,
      amountOffCents: kind === "fixed" ? centsFromDollarsText(value) : null,
      minSubtotalCents: minimum ? centsFromDollarsText(minimum) : null,
      startsAt: fromInput(text("starts")),
      expiresAt: fromInput(text("ends")),
      usageLimit: limit ? Number(limit) : null,
      oncePerCustomer: form.get("once") === "on",
      collections: form.getAll("collections").map(String),
      active: true,
    };
    if (kind === "percent" && !/^\d{1,3}$/.test(value)) return setError("Enter the percentage off as a whole number, for example 20");
    if (kind === "fixed" && !body.amountOffCents) return setError("Enter the amount off in dollars, for example 10.00");
    if (minimum && !body.minSubtotalCents) return setError("Enter the minimum subtotal in dollars, or leave it empty");
    if (limit && !/^\d{1,7}$/.test(limit)) return setError("Enter the number of uses as a whole number, or leave it empty");
    setError(null);
    setBusy(true);
    try {
      await apiRequest("POST", "/api/admin/discounts", body);
      toast.success(`Code ${body.code.toUpperCase()} created`, { description: "Shoppers can use it at checkout now." });
      (event.target as HTMLFormElement).reset();
      await revalidator.revalidate();
    } catch (e) {
      setError(e instanceof ApiError ? e.detail : "Couldn't create the code. Please try again.");
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} aria-labelledby="new-discount-title" className="rounded-2xl border border-line p-5">
      <h2 id="new-discount-title" className="font-display text-xl font-bold">
        New code
      </h2>
      <div className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <Field id="discount-code" label="Code" hint="3-40 letters, digits or dashes; shoppers may type it in any case.">
          <input id="discount-code" name="code" required aria-describedby="discount-code-hint" className={`${inputClass} uppercase`} />
        </Field>
        <LabelledSelect id="discount-kind" label="Takes off" value={kind} onChange={(e) => setKind(e.target.value as Kind)} options={KINDS} />
        {kind !== "free_shipping" && (
          <Field id="discount-value" label={kind === "percent" ? "Percent off" : "Amount off (USD)"}>
            <input id="discount-value" name="value" required inputMode={kind === "percent" ? "numeric" : "decimal"} className={inputClass} />
          </Field>
        )}
        <Field id="discount-minimum" label="Minimum subtotal (USD)" hint="Empty: any order.">
          <input id="discount-minimum" name="minimum" inputMode="decimal" aria-describedby="discount-minimum-hint" className={inputClass} />
        </Field>
        <Field id="discount-starts" label="Starts (UTC)" hint="Empty: now.">
          <input id="discount-starts" name="starts" type="datetime-local" aria-describedby="discount-starts-hint" className={inputClass} />
        </Field>
        <Field id="discount-ends" label="Ends (UTC)" hint="Empty: never.">
          <input id="discount-ends" name="ends" type="datetime-local" aria-describedby="discount-ends-hint" className={inputClass} />
        </Field>
        <Field id="discount-limit" label="Uses in all" hint="Paid orders; empty: no limit.">
          <input id="discount-limit" name="limit" inputMode="numeric" aria-describedby="discount-limit-hint" className={inputClass} />
        </Field>
      </div>
      <fieldset className="mt-4">
        <legend className="text-sm font-medium">For products in</legend>
        <p className="text-xs text-ink-muted">None ticked: every product.</p>
        <div className="mt-2 flex flex-wrap gap-x-5 gap-y-2">
          {collections.map((c) => (
            <label key={c.slug} className="inline-flex items-center gap-2 text-sm">
              <input type="checkbox" name="collections" value={c.slug} className="size-4" />
              {c.name}
            </label>
          ))}
        </div>
      </fieldset>
      <label className="mt-4 inline-flex items-center gap-2 text-sm">
        <input type="checkbox" name="once" className="size-4" />
        Once per customer (by account, and by email for guests)
      </label>
      {error && (
        <p role="alert" className="mt-4 text-sm font-medium text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
      <div className="mt-5">
        <button type="submit" disabled={busy} className={`${buttonClass} h-10 disabled:opacity-60`}>
          {busy ? "Creating..." : "Create code"}
        </button>
      </div>
    </form>
  );
}
