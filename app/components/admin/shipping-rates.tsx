import { type FormEvent, useRef, useState } from "react";
import { secondaryButtonClass } from "~/components/layout/status-screen";
import { centsFromDollarsText, formatPrice } from "~/lib/money";
import { type Errors, FormError, noErrors, Reveal, SelectInput, TextInput, useFocusFirstError, useStaffCall } from "./staff-form-kit";

import type { ShippingRateKind as Kind } from "../../../server/db/schema";
import type { ShippingRate } from "../../../server/pricing/shipping-rates";
import { RowActions } from "./row-actions";

export type ShippingRateRow = ShippingRate;

const KINDS: readonly (readonly [Kind, string])[] = [
  ["flat", "Flat price on every order"],
  ["free", "Free on every order"],
  ["free_over", "Free from a subtotal"],
  ["price_band", "Price for a subtotal range"],
  ["weight_band", "Price for a weight range"],
];

const money = (cents: number) => formatPrice(cents / 100);
const dollarsText = (cents: number | null) => (cents === null ? "" : (cents / 100).toFixed(2));
const kg = (g: number) => (g >= 1000 ? `${Number((g / 1000).toFixed(2))} kg` : `${g} g`);

/** "Subtotal under $50.00", "Weight from 2 kg up to 10 kg", "Subtotal from $50.00". */
export function rateConditions(r: ShippingRateRow): string {
  const range = (min: number | null, max: number | null, show: (n: number) => string) =>
    min && max !== null ? `from ${show(min)} up to ${show(max)}` : max !== null ? `under ${show(max)}` : `from ${show(min ?? 0)}`;
  switch (r.kind) {
    case "flat":
    case "free":
      return "Every order";
    case "free_over":
      return `Subtotal from ${money(r.minSubtotalCents ?? 0)}`;
    case "price_band":
      return `Subtotal ${range(r.minSubtotalCents, r.maxSubtotalCents, money)}`;
    case "weight_band":
      return `Weight ${range(r.minWeightGrams, r.maxWeightGrams, kg)}`;
  }
}

/** Reads the form into the API's body: only the values the kind uses, the others null (errors name the field). */
function bodyOf(data: FormData, kind: Kind): { body: Record<string, unknown>; errors: Record<string, string> } {
  const text = (name: string) => String(data.get(name) ?? "").trim();
  const errors: Record<string, string> = {};
  const cents = (name: string, required: boolean) => {
    const value = text(name);
    if (!value) {
      if (required) errors[name] = "enter an amount in dollars, like 5.99";
      return null;
    }
    const parsed = centsFromDollarsText(value);
    if (parsed === null) errors[name] = "enter an amount in dollars, like 5.99";
    return parsed;
  };
  const whole = (name: string, what: string) => {
    const value = text(name);
    if (!value) return null;
    if (!/^\d{1,7}$/.test(value)) errors[name] = `enter a whole number of ${what}`;
    return Number(value);
  };
  const band = kind === "price_band";
  const weight = kind === "weight_band";
  const body = {
    name: text("name"),
    kind,
    amountCents: kind === "flat" || band || weight ? (cents("amountCents", true) ?? 0) : 0,
    minSubtotalCents: kind === "free_over" ? cents("minSubtotalCents", true) : band ? cents("minSubtotalCents", false) : null,
    maxSubtotalCents: band ? cents("maxSubtotalCents", false) : null,
    minWeightGrams: weight ? whole("minWeightGrams", "grams") : null,
    maxWeightGrams: weight ? whole("maxWeightGrams", "grams") : null,
    minDays: whole("minDays", "days") ?? 0,
    maxDays: whole("maxDays", "days") ?? 0,
    active: data.get("active") === "on",
  };
  return { body, errors };
}

/** Adds a rate to a zone or changes one; the form shows only the values its kind uses. */
function ShippingRateForm({ zoneId, zoneName, rate, onSaved }: { zoneId: number; zoneName: string; rate?: ShippingRateRow; onSaved?: () => void }) {
  const { call, busy } = useStaffCall();
  const form = useRef<HTMLFormElement>(null);
  const [kind, setKind] = useState<Kind>(rate?.kind ?? "flat");
  const [errors, setErrors] = useState<Errors>(noErrors);
  useFocusFirstError(form, errors);
  const id = rate ? `shipping-rate-${rate.id}` : `new-shipping-rate-${zoneId}`;
  const e = errors.fields;
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const { body, errors: local } = bodyOf(new FormData(event.currentTarget), kind);
    if (Object.keys(local).length) return setErrors({ fields: local, form: null });
    const failed = await call(rate ? "PATCH" : "POST", rate ? `/api/admin/shipping/rates/${rate.id}` : "/api/admin/shipping/rates", rate ? body : { zoneId, ...body }, rate ? `${body.name} saved` : `${body.name} added to ${zoneName}`);
    setErrors(failed ?? noErrors);
    if (failed) return;
    if (!rate) {
      form.current?.reset();
      setKind("flat");
    }
    onSaved?.();
  }
  const money = (name: string, label: string, value: number | null, hint?: string) => <TextInput id={`${id}-${name}`} name={name} label={label} inputMode="decimal" defaultValue={dollarsText(value)} hint={hint} error={e[name]} />;
  return (
    <form ref={form} onSubmit={submit} aria-label={rate ? `Edit ${rate.name}` : `New rate for ${zoneName}`} noValidate>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <TextInput id={`${id}-name`} name="name" label="Rate name" defaultValue={rate?.name ?? ""} placeholder="Standard" maxLength={60} error={e.name} />
        <SelectInput id={`${id}-kind`} name="kind" label="Rate type" value={kind} onChange={(ev) => setKind(ev.target.value as Kind)} options={KINDS} error={e.kind} />
        {(kind === "flat" || kind === "price_band" || kind === "weight_band") && money("amountCents", "Price (USD)", rate?.amountCents ?? null)}
        {kind === "free_over" && money("minSubtotalCents", "Free from subtotal (USD)", rate?.minSubtotalCents ?? null)}
        {kind === "price_band" && (
          <>
            {money("minSubtotalCents", "Subtotal from (USD)", rate?.minSubtotalCents ?? null, "Empty: from $0")}
            {money("maxSubtotalCents", "Subtotal under (USD)", rate?.maxSubtotalCents ?? null, "Empty: no limit")}
          </>
        )}
        {kind === "weight_band" && (
          <>
            <TextInput id={`${id}-minWeightGrams`} name="minWeightGrams" label="Weight from (grams)" inputMode="numeric" defaultValue={rate?.minWeightGrams?.toString() ?? ""} hint="Empty: from 0 g" error={e.minWeightGrams} />
            <TextInput id={`${id}-maxWeightGrams`} name="maxWeightGrams" label="Weight under (grams)" inputMode="numeric" defaultValue={rate?.maxWeightGrams?.toString() ?? ""} hint="Empty: no limit" error={e.maxWeightGrams} />
          </>
        )}
        <TextInput id={`${id}-minDays`} name="minDays" label="Delivery from (days)" inputMode="numeric" defaultValue={String(rate?.minDays ?? 3)} error={e.minDays} />
        <TextInput id={`${id}-maxDays`} name="maxDays" label="Delivery up to (days)" inputMode="numeric" defaultValue={String(rate?.maxDays ?? 5)} hint="At most 60" error={e.maxDays} />
      </div>
      <div className="mt-3 flex flex-wrap items-center gap-4">
        <label className="inline-flex items-center gap-2 text-sm">
          <input type="checkbox" name="active" defaultChecked={rate?.active ?? true} className="size-4" />
          Offered to shoppers
        </label>
        <button type="submit" disabled={busy} className={`${secondaryButtonClass} h-10`}>
          {rate ? "Save rate" : "Add rate"}
        </button>
      </div>
      <FormError id={`${id}-error`} message={errors.form} />
    </form>
  );
}

function RateItem({ rate, zoneId, zoneName }: { rate: ShippingRateRow; zoneId: number; zoneName: string }) {
  const { call, busy } = useStaffCall();
  const [editing, setEditing] = useState(false);
  async function remove() {
    if (!window.confirm(`Delete ${rate.name} from ${zoneName}? Shoppers there won't be offered it.`)) return;
    await call("DELETE", `/api/admin/shipping/rates/${rate.id}`, undefined, `${rate.name} deleted`, { toastError: true });
  }
  const price = rate.kind === "free" || rate.kind === "free_over" ? "Free" : money(rate.amountCents);
  return (
    <li className="px-3 py-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="text-sm">
          <p>
            <span className="font-semibold">{rate.name}</span> · <span className="font-semibold tabular-nums">{price}</span>
            {!rate.active && <span className="ml-2 rounded-full border border-line px-2 py-0.5 text-xs font-semibold">Off</span>}
          </p>
          <p className="text-ink-muted">
            {rateConditions(rate)} · {rate.minDays === rate.maxDays ? rate.maxDays : `${rate.minDays}-${rate.maxDays}`} days
          </p>
        </div>
        <RowActions what={`${rate.name} in ${zoneName}`} editing={editing} onEdit={() => setEditing((open) => !open)} onDelete={remove} busy={busy} />
      </div>
      {editing && (
        <div className="mt-3 rounded-xl bg-surface-muted p-3">
          <ShippingRateForm zoneId={zoneId} zoneName={zoneName} rate={rate} onSaved={() => setEditing(false)} />
        </div>
      )}
    </li>
  );
}

/** A shipping zone's rates, each editable, and a form to add one. */
export function ShippingZoneRates({ zone }: { zone: { id: number; name: string; rates: ShippingRateRow[] } }) {
  return (
    <div>
      <h4 className="text-sm font-semibold">Rates</h4>
      {zone.rates.length === 0 ? (
        <p className="mt-1 text-sm text-ink-muted">No rates: checkout can't ship to addresses in this zone.</p>
      ) : (
        <ul aria-label={`Rates of ${zone.name}`} className="mt-2 divide-y divide-line rounded-xl border border-line">
          {zone.rates.map((r) => (
            <RateItem key={JSON.stringify(r)} rate={r} zoneId={zone.id} zoneName={zone.name} />
          ))}
        </ul>
      )}
      <div className="mt-3">
        <Reveal id={`new-shipping-rate-${zone.id}-panel`} label={<>Add a rate<span className="sr-only"> to {zone.name}</span></>}>
          {(close) => (
            <div className="rounded-xl bg-surface-muted p-3">
              <ShippingRateForm zoneId={zone.id} zoneName={zone.name} onSaved={close} />
            </div>
          )}
        </Reveal>
      </div>
    </div>
  );
}
