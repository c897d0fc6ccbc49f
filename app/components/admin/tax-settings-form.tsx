import { type FormEvent, useState } from "react";
import { buttonClass } from "~/components/layout/status-screen";
import { type Errors, FormError, noErrors, useStaffCall } from "./staff-form-kit";

export interface TaxSettingsRow {
  pricesIncludeTax: boolean;
  taxOnShipping: boolean;
  taxProvider: "manual" | "stripe_tax";
  stripeConfigured: boolean;
}

function Toggle({ id, label, hint, checked, onChange }: { id: string; label: string; hint: string; checked: boolean; onChange: (v: boolean) => void }) {
  return (
    <div className="flex gap-3">
      <input id={id} type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} aria-describedby={`${id}-hint`} className="mt-0.5 size-5 shrink-0" />
      <div>
        <label htmlFor={id} className="text-sm font-medium">
          {label}
        </label>
        <p id={`${id}-hint`} className="text-sm text-ink-muted">
          {hint}
        </p>
      </div>
    </div>
  );
}

const PROVIDERS = [
  { value: "manual", label: "The zones and rates on this page", hint: "The store charges the rate of the most specific zone that covers the shipping address." },
  { value: "stripe_tax", label: "Stripe Tax", hint: "Stripe works out the tax for each address and product category, and records it for your filings, where you are registered." },
] as const;

/** The three tax settings (PUT /api/admin/tax/settings), in plain words. */
export function TaxSettingsForm({ settings }: { settings: TaxSettingsRow }) {
  const { call, busy } = useStaffCall();
  const [values, setValues] = useState({ pricesIncludeTax: settings.pricesIncludeTax, taxOnShipping: settings.taxOnShipping, taxProvider: settings.taxProvider });
  const [errors, setErrors] = useState<Errors>(noErrors);
  const changed = values.pricesIncludeTax !== settings.pricesIncludeTax || values.taxOnShipping !== settings.taxOnShipping || values.taxProvider !== settings.taxProvider;
  async function submit(event: FormEvent) {
    event.preventDefault();
    setErrors((await call("PUT", "/api/admin/tax/settings", values, "Tax settings saved")) ?? noErrors);
  }
  return (
    <form onSubmit={submit} aria-labelledby="tax-settings-title" className="rounded-2xl border border-line p-4 sm:p-5">
      <h2 id="tax-settings-title" className="font-display text-xl font-bold">
        How tax is charged
      </h2>
      <div className="mt-4 space-y-4">
        <Toggle id="tax-prices-include" label="Prices include tax" hint="Prices you enter already hold the tax (as VAT in Europe); checkout shows the tax as included instead of adding it." checked={values.pricesIncludeTax} onChange={(v) => setValues({ ...values, pricesIncludeTax: v })} />
        <Toggle id="tax-on-shipping" label="Charge tax on shipping" hint="Shipping is taxed at its zone's rates for all categories; off, shipping is never taxed." checked={values.taxOnShipping} onChange={(v) => setValues({ ...values, taxOnShipping: v })} />
        <fieldset>
          <legend className="text-sm font-medium">Who works out the tax</legend>
          <div className="mt-2 space-y-3">
            {PROVIDERS.map((p) => {
              const unavailable = p.value === "stripe_tax" && !settings.stripeConfigured;
              return (
                <div key={p.value} className="flex gap-3">
                  <input id={`tax-provider-${p.value}`} type="radio" name="taxProvider" value={p.value} checked={values.taxProvider === p.value} disabled={unavailable && values.taxProvider !== p.value} onChange={() => setValues({ ...values, taxProvider: p.value })} aria-describedby={`tax-provider-${p.value}-hint`} className="mt-0.5 size-5 shrink-0" />
                  <div>
                    <label htmlFor={`tax-provider-${p.value}`} className="text-sm font-medium">
                      {p.label}
                    </label>
                    <p id={`tax-provider-${p.value}-hint`} className="text-sm text-ink-muted">
                      {p.hint}
                      {unavailable && " Needs Stripe: set STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET, then restart the store."}
                    </p>
                  </div>
                </div>
              );
            })}
          </div>
        </fieldset>
      </div>
      <FormError id="tax-settings-error" message={errors.form ?? (Object.values(errors.fields)[0] || null)} />
      <button type="submit" disabled={busy || !changed} className={`${buttonClass} mt-5 h-10 disabled:opacity-50`}>
        Save tax settings
      </button>
    </form>
  );
}
