import { type FormEvent, useState } from "react";
import { buttonClass } from "~/components/layout/status-screen";
import type { RecoveryAudience } from "../../../shared/recovery";
import { MARKETING_CONSENT } from "../../../shared/recovery";
import { fieldInputClass } from "./field";
import { type Errors, FormError, noErrors, useStaffCall } from "./staff-form-kit";

export interface RecoverySettingsValues {
  audience: RecoveryAudience;
  firstDelayMinutes: number | null;
  secondDelayMinutes: number | null;
  discountCode: string | null;
}

const AUDIENCES = [
  {
    value: "consented",
    label: "Shoppers who said yes",
    hint: `Only shoppers who ticked “${MARKETING_CONSENT.label}” at checkout, or who subscribe to the newsletter. The safe choice where the law asks for consent before marketing email (the EU and the UK).`,
  },
  {
    value: "everyone",
    label: "Everyone who entered an email",
    hint: "Every shopper who gave an email at checkout and left, whether or not they ticked the box. Check that the law where your shoppers live allows it; anyone can still unsubscribe in one click.",
  },
] as const;

const DELAYS: readonly (readonly [string, string])[] = [
  ["", "Off"],
  ["30", "After 30 minutes"],
  ["60", "After 1 hour"],
  ["180", "After 3 hours"],
  ["360", "After 6 hours"],
  ["600", "After 10 hours"],
  ["1440", "After 24 hours"],
  ["2880", "After 48 hours"],
  ["4320", "After 72 hours"],
];

/** The delay's choices, with the saved value among them even if it isn't one of the usual ones. */
const delayOptions = (saved: number | null) => (saved === null || DELAYS.some(([v]) => v === String(saved)) ? DELAYS : [...DELAYS, [String(saved), `After ${saved} minutes`] as const]);

function DelaySelect({ id, label, hint, value, onChange }: { id: string; label: string; hint: string; value: number | null; onChange: (v: number | null) => void }) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      <select id={id} value={value === null ? "" : String(value)} onChange={(e) => onChange(e.target.value ? Number(e.target.value) : null)} aria-describedby={`${id}-hint`} className={fieldInputClass}>
        {delayOptions(value).map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </select>
      <p id={`${id}-hint`} className="mt-1 text-xs text-ink-muted">
        {hint}
      </p>
    </div>
  );
}

/** PUT /api/admin/recovery/settings: who gets the emails, when, and the 2nd email's code, in plain words. */
export function RecoverySettingsForm({ settings, codes }: { settings: RecoverySettingsValues; codes: string[] }) {
  const { call, busy } = useStaffCall();
  const [values, setValues] = useState(settings);
  const [errors, setErrors] = useState<Errors>(noErrors);
  const changed = JSON.stringify(values) !== JSON.stringify(settings);
  async function submit(event: FormEvent) {
    event.preventDefault();
    setErrors((await call("PUT", "/api/admin/recovery/settings", values, "Recovery settings saved")) ?? noErrors);
  }
  return (
    <form onSubmit={submit} aria-labelledby="recovery-settings-title" className="rounded-2xl border border-line p-4 sm:p-5">
      <h2 id="recovery-settings-title" className="font-display text-xl font-bold">
        Recovery emails
      </h2>
      <p className="mt-1 text-sm text-ink-muted">Up to two emails to a shopper who gave their email at checkout and left without paying. Each lists their cart at today's prices and links back to it. None goes to a shopper who has paid since, unsubscribed, emptied their cart or whose items all sold out.</p>
      <fieldset className="mt-4">
        <legend className="text-sm font-medium">Who gets them</legend>
        <div className="mt-2 space-y-3">
          {AUDIENCES.map((a) => (
            <div key={a.value} className="flex gap-3">
              <input id={`recovery-audience-${a.value}`} type="radio" name="audience" value={a.value} checked={values.audience === a.value} onChange={() => setValues({ ...values, audience: a.value })} aria-describedby={`recovery-audience-${a.value}-hint`} className="mt-0.5 size-5 shrink-0" />
              <div>
                <label htmlFor={`recovery-audience-${a.value}`} className="text-sm font-medium">
                  {a.label}
                </label>
                <p id={`recovery-audience-${a.value}-hint`} className="text-sm text-ink-muted">
                  {a.hint}
                </p>
              </div>
            </div>
          ))}
        </div>
      </fieldset>
      <div className="mt-4 grid gap-4 sm:grid-cols-3">
        <DelaySelect id="recovery-first" label="First email" hint="Counted from when the shopper gave their email." value={values.firstDelayMinutes} onChange={(v) => setValues({ ...values, firstDelayMinutes: v })} />
        <DelaySelect id="recovery-second" label="Second email" hint="Must come after the first." value={values.secondDelayMinutes} onChange={(v) => setValues({ ...values, secondDelayMinutes: v })} />
        <div>
          <label htmlFor="recovery-code" className="block text-sm font-medium">
            Code in the second email
          </label>
          <select id="recovery-code" value={values.discountCode ?? ""} onChange={(e) => setValues({ ...values, discountCode: e.target.value || null })} aria-describedby="recovery-code-hint" className={fieldInputClass}>
            <option value="">No code</option>
            {codes.map((code) => (
              <option key={code} value={code}>
                {code}
              </option>
            ))}
          </select>
          <p id="recovery-code-hint" className="mt-1 text-xs text-ink-muted">
            One of your discount codes; left out when it can't be used by that shopper then.
          </p>
        </div>
      </div>
      <FormError id="recovery-settings-error" message={errors.form ?? (Object.values(errors.fields)[0] || null)} />
      <button type="submit" disabled={busy || !changed} className={`${buttonClass} mt-5 h-10 disabled:opacity-50`}>
        Save recovery settings
      </button>
    </form>
  );
}
