import { type FormEvent, type ReactNode, useEffect, useState } from "react";
import { checkoutDetailsSchema, type CheckoutDetails } from "../../../server/orders/checkout-schemas";
import { AddressFields } from "./address-fields";
import type { SavedAddress } from "../../../server/accounts/addresses";
import { buttonClass } from "~/components/layout/status-screen";
import { TextField } from "./text-field";
import { MARKETING_CONSENT } from "../../../shared/recovery";

type Fields = { email: string; name: string; line1: string; line2: string; city: string; region: string; postalCode: string; country: string };
const empty: Fields = { email: "", name: "", line1: "", line2: "", city: "", region: "", postalCode: "", country: "US" };
const fromSaved = (a: SavedAddress) => ({ name: a.name, line1: a.line1, line2: a.line2 ?? "", city: a.city, region: a.region, postalCode: a.postalCode, country: a.country });

function toDetails(f: Fields, discountCode: string | null, shippingRateId: number | null, marketingConsent: boolean) {
  return {
    email: f.email,
    marketingConsent,
    name: f.name,
    address: { line1: f.line1, line2: f.line2 || undefined, city: f.city, region: f.region, postalCode: f.postalCode, country: f.country },
    discountCode: discountCode ?? undefined,
    shippingRateId: shippingRateId ?? undefined,
  };
}

/**
 * Contact and shipping details, checked with the same schema the server uses. A signed-in shopper starts from their
 * default saved address, can pick another, and can save a new one to their account. The country, state and postal
 * code go to `onAddressChange` as they are typed (they decide shipping and tax); the shipping choice is `children`.
 */
export function DetailsForm({
  discountCode,
  shippingRateId,
  busy,
  onSubmit,
  onAddressChange,
  saved = [],
  email = "",
  canSave = false,
  children,
}: {
  discountCode: string | null;
  shippingRateId: number | null;
  busy: boolean;
  onSubmit: (details: CheckoutDetails, save: boolean) => void;
  onAddressChange: (address: { country: string; region: string; postalCode: string }) => void;
  saved?: SavedAddress[];
  email?: string;
  canSave?: boolean;
  children?: ReactNode;
}) {
  const [fields, setFields] = useState<Fields>(() => ({ ...empty, email, ...(saved[0] ? fromSaved(saved[0]) : {}) }));
  const [chosen, setChosen] = useState(saved[0]?.id ?? "");
  const [save, setSave] = useState(false);
  // Unticked until the shopper ticks it (issue 31): the server stores when, and which wording it showed.
  const [consent, setConsent] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (key: keyof Fields) => (e: { target: { value: string } }) => setFields((f) => ({ ...f, [key]: e.target.value }));
  const { country, region, postalCode } = fields;
  useEffect(() => onAddressChange({ country, region, postalCode }), [country, region, postalCode, onAddressChange]);
  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = checkoutDetailsSchema.safeParse(toDetails(fields, discountCode, shippingRateId, consent));
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[i.path.length - 1]), i.message])));
      return;
    }
    setErrors({});
    onSubmit(parsed.data, canSave && !chosen && save);
  }
  return (
    <form onSubmit={submit} noValidate className="space-y-8">
      <fieldset className="space-y-4">
        <legend className="text-lg font-bold">Contact</legend>
        <TextField label="Email" type="email" autoComplete="email" required value={fields.email} onChange={set("email")} error={errors.email} />
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" name="marketingConsent" checked={consent} onChange={(e) => setConsent(e.target.checked)} className="size-4" />
          {MARKETING_CONSENT.label}
        </label>
      </fieldset>
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-4 text-lg font-bold">Shipping address</legend>
        {saved.length > 0 && (
          <div className="sm:col-span-2">
            <label htmlFor="saved-address" className="block text-sm font-medium">
              Saved addresses
            </label>
            <select
              id="saved-address"
              value={chosen}
              onChange={(e) => {
                setChosen(e.target.value);
                const address = saved.find((a) => a.id === e.target.value);
                setFields((f) => (address ? { ...f, ...fromSaved(address) } : { ...empty, email: f.email }));
              }}
              className="mt-1.5 h-11 w-full rounded-xl border border-line bg-surface px-3 text-base text-ink"
            >
              {saved.map((a) => (
                <option key={a.id} value={a.id}>
                  {a.name}, {a.line1}, {a.city}
                  {a.isDefault ? " (default)" : ""}
                </option>
              ))}
              <option value="">A new address</option>
            </select>
          </div>
        )}
        <AddressFields id="shipping" values={fields} errors={errors} onChange={(key, value) => setFields((f) => ({ ...f, [key]: value }))} />
      </fieldset>
      {canSave && !chosen && (
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" checked={save} onChange={(e) => setSave(e.target.checked)} className="size-4" />
          Save this address to my account
        </label>
      )}
      {children}
      <button type="submit" disabled={busy} className={`${buttonClass} h-12 w-full disabled:opacity-60`}>
        {busy ? "Preparing payment..." : "Continue to payment"}
      </button>
    </form>
  );
}
