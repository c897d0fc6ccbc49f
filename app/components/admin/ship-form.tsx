import { type FormEvent, useState } from "react";
import { CARRIERS } from "../../../server/orders/tracking-choices";
import { buttonClass, secondaryButtonClass } from "~/components/layout/status-screen";
import { LabelledSelect } from "~/components/admin/labelled-select";

const OTHER = "other";
const inputClass = "mt-1 h-10 w-full rounded-xl border border-line bg-surface px-3 text-sm";

export interface ShipmentInput {
  carrier: string;
  trackingNumber: string;
  trackingUrl?: string;
}

/** "Mark shipped" asks for the parcel: a known carrier and its number, or another carrier with its tracking page. */
export function ShipForm({ busy, onShip, onCancel }: { busy: boolean; onShip: (shipment: ShipmentInput) => void; onCancel: () => void }) {
  const [carrier, setCarrier] = useState<string>(CARRIERS[0]);
  const [other, setOther] = useState("");
  const [number, setNumber] = useState("");
  const [url, setUrl] = useState("");
  function submit(event: FormEvent) {
    event.preventDefault();
    onShip(carrier === OTHER ? { carrier: other.trim(), trackingNumber: number.trim(), trackingUrl: url.trim() } : { carrier, trackingNumber: number.trim() });
  }
  return (
    <form onSubmit={submit} aria-labelledby="ship-title" className="rounded-2xl border border-line p-5">
      <h2 id="ship-title" className="font-semibold">
        Ship this order
      </h2>
      <p className="mt-1 text-sm text-ink-muted">The shopper gets an email with the tracking link, and sees it on their order.</p>
      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        <LabelledSelect id="ship-carrier" label="Carrier" value={carrier} onChange={(e) => setCarrier(e.target.value)} options={[...CARRIERS.map((c) => [c, c] as const), [OTHER, "Another carrier"] as const]} />
        <div>
          <label htmlFor="ship-number" className="block text-sm font-medium">
            Tracking number
          </label>
          <input id="ship-number" required value={number} onChange={(e) => setNumber(e.target.value)} className={`${inputClass} font-mono`} />
        </div>
        {carrier === OTHER && (
          <>
            <div>
              <label htmlFor="ship-other" className="block text-sm font-medium">
                Carrier name
              </label>
              <input id="ship-other" required value={other} onChange={(e) => setOther(e.target.value)} className={inputClass} />
            </div>
            <div>
              <label htmlFor="ship-url" className="block text-sm font-medium">
                Tracking page (https://…)
              </label>
              <input id="ship-url" type="url" required value={url} onChange={(e) => setUrl(e.target.value)} className={inputClass} />
            </div>
          </>
        )}
      </div>
      <div className="mt-4 flex gap-2">
        <button type="submit" disabled={busy} className={`${buttonClass} h-10 disabled:opacity-50`}>
          Mark shipped
        </button>
        <button type="button" onClick={onCancel} className={`${secondaryButtonClass} h-10`}>
          Not yet
        </button>
      </div>
    </form>
  );
}
