import { type FormEvent, useRef, useState } from "react";
import { Check, X } from "lucide-react";
import { secondaryButtonClass } from "~/components/layout/status-screen";
import { ApiError, apiRequest } from "~/lib/api";
import { cn } from "~/lib/cn";
import { fieldErrors } from "~/lib/field-errors";
import { formatPrice } from "~/lib/money";
import { COUNTRIES } from "../../../shared/regions";
import type { testShippingAddress } from "../../../server/shipping/test-shipping-address";
import type { testTaxAddress } from "../../../server/tax/test-tax-address";
import { type Errors, FormError, noErrors, SelectInput, TextInput, useFocusFirstError } from "./staff-form-kit";

type ShippingResult = ReturnType<typeof testShippingAddress>;
type TaxResult = Awaited<ReturnType<typeof testTaxAddress>>;

const money = (cents: number) => formatPrice(cents / 100);
const days = (min: number, max: number) => (min === max ? `${max} ${max === 1 ? "day" : "days"}` : `${min}-${max} days`);

type ZoneAnswer<R> = { id: number; name: string; wins: boolean; matchedBy: string; rates: R[] };

/** Every zone that covers the address and each of its rates, whether it applies and why: the two panels read alike. */
function ZoneRates<R extends { id: number; applies: boolean; reason: string }>({ zones, label, words }: { zones: ZoneAnswer<R>[]; label: (rate: R) => string; words: [yes: string, no: string] }) {
  return zones.map((zone) => (
    <div key={zone.id}>
      <h4 className="font-semibold">
        {zone.name} <span className="font-normal text-ink-muted">· {zone.wins ? "its rates apply" : "not used"} · matched by {zone.matchedBy}</span>
      </h4>
      <ul className="mt-2 divide-y divide-line rounded-xl border border-line">
        {zone.rates.map((rate) => (
          <li key={rate.id} className="flex gap-3 px-3 py-2.5 text-sm">
            {rate.applies ? <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-green-700 dark:text-green-400" /> : <X aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-ink-muted" />}
            <div className="min-w-0">
              <p className={cn("font-medium", !rate.applies && "text-ink-muted")}>
                <span className="sr-only">{rate.applies ? `${words[0]}: ` : `${words[1]}: `}</span>
                {label(rate)}
              </p>
              <p className="text-ink-muted">{rate.reason}</p>
            </div>
          </li>
        ))}
        {zone.rates.length === 0 && <li className="px-3 py-2.5 text-sm text-ink-muted">This zone has no rates.</li>}
      </ul>
    </div>
  ));
}

function ShippingAnswer({ result }: { result: ShippingResult }) {
  return (
    <>
      {result.message && <p className="rounded-xl bg-amber-100 px-4 py-3 text-sm font-medium text-amber-950 dark:bg-amber-950 dark:text-amber-100">{result.message}</p>}
      <ZoneRates zones={result.zones} words={["Offered", "Not offered"]} label={(rate) => `${rate.name} · ${rate.priceCents === 0 ? "Free" : money(rate.priceCents)} · ${days(rate.minDays, rate.maxDays)}`} />
      {result.offered.length > 0 && (
        <p className="text-sm">
          Checkout offers {result.offered.map((r) => `${r.name} (${r.priceCents === 0 ? "free" : money(r.priceCents)})`).join(", ")}; the first is chosen unless the shopper picks another.
        </p>
      )}
    </>
  );
}

function TaxAnswer({ result }: { result: TaxResult }) {
  const { example } = result;
  return (
    <>
      {result.provider === "stripe_tax" && <p className="rounded-xl bg-amber-100 px-4 py-3 text-sm font-medium text-amber-950 dark:bg-amber-950 dark:text-amber-100">Stripe Tax works out checkout's tax; this shows what the zones below would charge.</p>}
      {result.zones.length === 0 && <p className="rounded-xl bg-amber-100 px-4 py-3 text-sm font-medium text-amber-950 dark:bg-amber-950 dark:text-amber-100">No tax zone covers this address: no tax is charged there</p>}
      <ZoneRates zones={result.zones} words={["Applies", "Not applied"]} label={(rate) => `${rate.name} · ${rate.rate}`} />
      <h4 className="font-semibold">By category</h4>
      <ul className="divide-y divide-line rounded-xl border border-line text-sm">
        {result.categories.map((c) => (
          <li key={c.category} className="px-3 py-2.5">
            <p className="font-medium">
              {c.category}: {c.rates.length ? c.rates.map((r) => `${r.name} ${r.rate}`).join(" + ") : "no tax"}
            </p>
            <p className="text-ink-muted">{c.reason}</p>
          </li>
        ))}
        <li className="px-3 py-2.5">
          <p className="font-medium">Shipping</p>
          <p className="text-ink-muted">{result.shipping}</p>
        </li>
      </ul>
      <div className="text-sm">
        <p className="font-medium">
          On a {money(example.subtotalCents)} order of the default category{example.shipping ? ` with ${example.shipping.name} (${example.shipping.priceCents === 0 ? "free" : money(example.shipping.priceCents)})` : ""}:{" "}
          {example.taxCents === 0 ? "no tax" : `${money(example.taxCents)} tax${example.included ? ", included in the prices" : ""}`}
        </p>
        {example.lines.length > 0 && (
          <ul className="mt-1 list-inside list-disc text-ink-muted">
            {example.lines.map((l, i) => (
              <li key={i}>
                {l.name} {l.rate} on the {l.on} ({money(l.taxableCents)}
                {example.included ? " before tax" : ""}): {money(l.taxCents)}
              </li>
            ))}
          </ul>
        )}
      </div>
    </>
  );
}

/**
 * "Test an address" (issue 27): which zone an address falls in and why, and what it would be charged: every rate of
 * every zone that covers it with the reason it applies or not (both), then each category's rates and an example (tax).
 */
export function AddressTestPanel({ kind }: { kind: "tax" | "shipping" }) {
  const form = useRef<HTMLFormElement>(null);
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Errors>(noErrors);
  const [result, setResult] = useState<ShippingResult | TaxResult | null>(null);
  useFocusFirstError(form, errors);
  const id = `${kind}-test`;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const text = (name: string) => String(data.get(name) ?? "").trim();
    const weight = text("weightGrams");
    const body = { country: text("country"), state: text("state"), postalCode: text("postalCode"), subtotal: text("subtotal") || "0", weightGrams: weight === "" ? 0 : Number(weight) };
    if (weight !== "" && !/^\d{1,7}$/.test(weight)) return setErrors({ fields: { weightGrams: "must be a whole number of grams" }, form: null });
    setBusy(true);
    try {
      setResult(await apiRequest<ShippingResult | TaxResult>("POST", `/api/admin/${kind}/test`, body));
      setErrors(noErrors);
    } catch (error) {
      setResult(null);
      setErrors(fieldErrors(error instanceof ApiError ? error.detail : "Couldn't test the address. Please try again."));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby={`${id}-title`} className="rounded-2xl border border-line p-4 sm:p-5">
      <h2 id={`${id}-title`} className="font-display text-xl font-bold">
        Test an address
      </h2>
      <p className="mt-1 text-sm text-ink-muted">
        {kind === "shipping" ? "See which zone an address falls in and why each rate is offered or not." : "See which zone an address falls in and why each rate applies or not."} Nothing is saved.
      </p>
      <form ref={form} onSubmit={submit} aria-label="Test an address" noValidate className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
        <SelectInput id={`${id}-country`} name="country" label="Country" options={Object.entries(COUNTRIES)} error={errors.fields.country} />
        <TextInput id={`${id}-state`} name="state" label="State or province" hint="A code or a name: CA, California" error={errors.fields.state} />
        <TextInput id={`${id}-postal`} name="postalCode" label="Postal code" autoCapitalize="characters" error={errors.fields.postalCode} />
        <TextInput id={`${id}-subtotal`} name="subtotal" label="Subtotal (USD)" inputMode="decimal" defaultValue="50.00" hint="After discounts, before tax" error={errors.fields.subtotal} />
        <TextInput id={`${id}-weight`} name="weightGrams" label="Weight (grams)" inputMode="numeric" defaultValue="500" error={errors.fields.weightGrams} />
        <div className="sm:col-span-2 lg:col-span-5">
          <button type="submit" disabled={busy} className={`${secondaryButtonClass} h-10 disabled:opacity-60`}>
            {busy ? "Testing..." : "Test"}
          </button>
        </div>
      </form>
      <FormError id={`${id}-error`} message={errors.form} />
      <p role="status" className="sr-only">
        {result ? `Tested ${result.address}: ${result.why}` : ""}
      </p>
      <div className="mt-5 space-y-4 empty:hidden">
        {result && (
          <>
            <div className="rounded-xl bg-surface-muted px-4 py-3 text-sm">
              <p>
                <span className="font-medium">Address:</span> {result.address}
              </p>
              <p className="mt-1 font-medium">{result.why}</p>
            </div>
            {"offered" in result ? <ShippingAnswer result={result} /> : <TaxAnswer result={result} />}
          </>
        )}
      </div>
    </section>
  );
}
