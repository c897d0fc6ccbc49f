import { SHIPPING_COUNTRIES } from "../../../server/orders/checkout-schemas";
import { TextField } from "./text-field";

export interface AddressValues {
  name: string;
  line1: string;
  line2: string;
  city: string;
  region: string;
  postalCode: string;
  country: string;
}

/** The recipient and shipping address fields checkout and the address book share (a two-column grid's children). */
export function AddressFields({ id, values, errors = {}, onChange }: { id: string; values: AddressValues; errors?: Partial<Record<keyof AddressValues, string>>; onChange: (key: keyof AddressValues, value: string) => void }) {
  const set = (key: keyof AddressValues) => (e: { target: { value: string } }) => onChange(key, e.target.value);
  return (
    <>
      <TextField className="sm:col-span-2" label="Full name" autoComplete="name" required value={values.name} onChange={set("name")} error={errors.name} />
      <TextField className="sm:col-span-2" label="Address" autoComplete="address-line1" required value={values.line1} onChange={set("line1")} error={errors.line1} />
      <TextField className="sm:col-span-2" label="Apartment, suite, etc." autoComplete="address-line2" value={values.line2} onChange={set("line2")} error={errors.line2} />
      <TextField label="City" autoComplete="address-level2" required value={values.city} onChange={set("city")} error={errors.city} />
      <TextField label="State / region" autoComplete="address-level1" required value={values.region} onChange={set("region")} error={errors.region} />
      <TextField label="Postal code" autoComplete="postal-code" required value={values.postalCode} onChange={set("postalCode")} error={errors.postalCode} />
      <div>
        <label htmlFor={`${id}-country`} className="block text-sm font-medium">
          Country
        </label>
        <select id={`${id}-country`} autoComplete="country" value={values.country} onChange={set("country")} className="mt-1.5 h-11 w-full rounded-xl border border-line bg-surface px-3 text-base text-ink">
          {Object.entries(SHIPPING_COUNTRIES).map(([code, name]) => (
            <option key={code} value={code}>
              {name}
            </option>
          ))}
        </select>
      </div>
    </>
  );
}
