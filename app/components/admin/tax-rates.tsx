import { type FormEvent, useRef, useState } from "react";
import { secondaryButtonClass } from "~/components/layout/status-screen";
import { type Errors, FormError, noErrors, Reveal, SelectInput, TextInput, useFocusFirstError, useStaffCall } from "./staff-form-kit";
import { RowActions } from "./row-actions";

export interface TaxRateRow {
  id: number;
  name: string;
  taxCategoryId: number | null;
  category: string | null;
  percent: string;
}
export interface CategoryOption {
  id: number;
  name: string;
}

/** Adds a rate to a zone, or changes one: its name, the category it is for ("All categories": the general rate) and the percentage. */
function TaxRateForm({ zoneId, zoneName, categories, rate, onSaved }: { zoneId: number; zoneName: string; categories: CategoryOption[]; rate?: TaxRateRow; onSaved?: () => void }) {
  const { call, busy } = useStaffCall();
  const form = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<Errors>(noErrors);
  useFocusFirstError(form, errors);
  const id = rate ? `tax-rate-${rate.id}` : `new-tax-rate-${zoneId}`;
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const category = String(data.get("category") ?? "");
    const body = { name: String(data.get("name") ?? "").trim(), taxCategoryId: category ? Number(category) : null, rate: String(data.get("rate") ?? "").trim() };
    const failed = await call(rate ? "PATCH" : "POST", rate ? `/api/admin/tax/rates/${rate.id}` : "/api/admin/tax/rates", rate ? body : { zoneId, ...body }, rate ? `${body.name} saved` : `${body.name} added to ${zoneName}`);
    setErrors(failed ?? noErrors);
    if (failed) return;
    if (!rate) form.current?.reset();
    onSaved?.();
  }
  return (
    <form ref={form} onSubmit={submit} aria-label={rate ? `Edit ${rate.name}` : `New rate for ${zoneName}`} noValidate className="grid gap-3 sm:grid-cols-[1.2fr_1.2fr_0.8fr_auto] sm:items-start">
      <TextInput id={`${id}-name`} name="name" label="Rate name" defaultValue={rate?.name ?? "Sales tax"} maxLength={60} error={errors.fields.name} />
      <SelectInput id={`${id}-category`} name="category" label="For" defaultValue={rate?.taxCategoryId?.toString() ?? ""} options={[["", "All categories"], ...categories.map((c): [string, string] => [String(c.id), c.name])]} error={errors.fields.taxCategoryId} />
      <TextInput id={`${id}-rate`} name="rate" label="Rate (%)" inputMode="decimal" defaultValue={rate?.percent ?? ""} placeholder="8.625" hint="Up to 3 decimals" error={errors.fields.rate} />
      <button type="submit" disabled={busy} className={`${secondaryButtonClass} h-10 sm:mt-6`}>
        {rate ? "Save rate" : "Add rate"}
      </button>
      <div className="sm:col-span-4">
        <FormError id={`${id}-error`} message={errors.form} />
      </div>
    </form>
  );
}

function RateItem({ rate, zoneId, zoneName, categories }: { rate: TaxRateRow; zoneId: number; zoneName: string; categories: CategoryOption[] }) {
  const { call, busy } = useStaffCall();
  const [editing, setEditing] = useState(false);
  async function remove() {
    if (!window.confirm(`Delete ${rate.name} (${rate.percent}%) from ${zoneName}?`)) return;
    await call("DELETE", `/api/admin/tax/rates/${rate.id}`, undefined, `${rate.name} deleted`, { toastError: true });
  }
  return (
    <li className="px-3 py-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm">
          <span className="font-semibold">{rate.name}</span> · {rate.category ?? "All categories"} · <span className="font-semibold tabular-nums">{rate.percent}%</span>
        </p>
        <RowActions what={`${rate.name} in ${zoneName}`} editing={editing} onEdit={() => setEditing((open) => !open)} onDelete={remove} busy={busy} />
      </div>
      {editing && (
        <div className="mt-3">
          <TaxRateForm zoneId={zoneId} zoneName={zoneName} categories={categories} rate={rate} onSaved={() => setEditing(false)} />
        </div>
      )}
    </li>
  );
}

/** A tax zone's rates, each editable, and a form to add one. */
export function TaxZoneRates({ zone, categories }: { zone: { id: number; name: string; rates: TaxRateRow[] }; categories: CategoryOption[] }) {
  return (
    <div>
      <h4 className="text-sm font-semibold">Rates</h4>
      {zone.rates.length === 0 ? (
        <p className="mt-1 text-sm text-ink-muted">No rates: addresses in this zone pay no tax.</p>
      ) : (
        <ul aria-label={`Rates of ${zone.name}`} className="mt-2 divide-y divide-line rounded-xl border border-line">
          {zone.rates.map((r) => (
            <RateItem key={`${r.id}-${r.percent}-${r.name}-${r.taxCategoryId}`} rate={r} zoneId={zone.id} zoneName={zone.name} categories={categories} />
          ))}
        </ul>
      )}
      <div className="mt-3">
        <Reveal id={`new-tax-rate-${zone.id}-panel`} label={<>Add a rate<span className="sr-only"> to {zone.name}</span></>}>
          {(close) => <TaxRateForm zoneId={zone.id} zoneName={zone.name} categories={categories} onSaved={close} />}
        </Reveal>
      </div>
    </div>
  );
}
