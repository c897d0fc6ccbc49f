import { type FormEvent, useState } from "react";
import { secondaryButtonClass } from "~/components/layout/status-screen";
import type { ConsentScope } from "../../../shared/consent";
import { type Errors, FormError, noErrors, useStaffCall } from "./staff-form-kit";

const SCOPES: { value: ConsentScope; label: string; hint: string }[] = [
  { value: "everywhere", label: "Ask every visitor", hint: "The banner asks everyone before analytics and marketing cookies. The safe choice when you sell to Europe." },
  {
    value: "region",
    label: "Ask where the law requires it",
    hint: "Only visitors from the EU, the EEA, the UK and Switzerland, or from an unknown country, are asked; others are measured unless they opt out from the footer. Needs a proxy that sends the visitor's country (COUNTRY_HEADER, see docs/DEPLOY.md).",
  },
];

/**
 * Where the cookie banner asks (PUT /api/admin/settings/consent, decision 0039). It only shows when GTM_ID is set:
 * without a tag manager the store sets no cookie that needs consent.
 */
export function ConsentSettingsForm({ scope, tagManager }: { scope: ConsentScope; tagManager: boolean }) {
  const { call, busy } = useStaffCall();
  const [value, setValue] = useState(scope);
  const [errors, setErrors] = useState<Errors>(noErrors);
  async function submit(event: FormEvent) {
    event.preventDefault();
    setErrors((await call("PUT", "/api/admin/settings/consent", { scope: value }, "Cookie banner saved")) ?? noErrors);
  }
  return (
    <form onSubmit={submit} aria-labelledby="consent-settings-title" className="rounded-2xl border border-line p-4 sm:p-5">
      <h2 id="consent-settings-title" className="font-display text-lg font-bold">
        Cookie banner
      </h2>
      <p className="mt-1 text-sm text-ink-muted">
        {tagManager
          ? "Google Tag Manager starts only after a visitor accepts analytics or marketing cookies. The store's own session and cart cookies need no consent."
          : "The banner shows only when Google Tag Manager is set up (GTM_ID): without it the store sets no cookie that needs consent."}
      </p>
      <fieldset className="mt-4">
        <legend className="text-sm font-medium">Who sees the banner</legend>
        <div className="mt-2 space-y-3">
          {SCOPES.map((s) => (
            <div key={s.value} className="flex gap-3">
              <input id={`consent-scope-${s.value}`} type="radio" name="consentScope" value={s.value} checked={value === s.value} onChange={() => setValue(s.value)} aria-describedby={`consent-scope-${s.value}-hint`} className="mt-0.5 size-5 shrink-0" />
              <div>
                <label htmlFor={`consent-scope-${s.value}`} className="text-sm font-medium">
                  {s.label}
                </label>
                <p id={`consent-scope-${s.value}-hint`} className="text-sm text-ink-muted">
                  {s.hint}
                </p>
              </div>
            </div>
          ))}
        </div>
      </fieldset>
      <FormError id="consent-settings-error" message={errors.form ?? (Object.values(errors.fields)[0] || null)} />
      <button type="submit" disabled={busy || value === scope} className={`${secondaryButtonClass} mt-5 h-10 disabled:opacity-50`}>
        Save cookie banner
      </button>
    </form>
  );
}
