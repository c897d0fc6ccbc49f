import { type FormEvent, useEffect, useState } from "react";
import type { SavedAddress } from "../../../server/accounts/addresses";
import { AddressFields } from "~/components/checkout/address-fields";
import { buttonClass, secondaryButtonClass } from "~/components/layout/status-screen";
import { ApiError, apiRequest } from "~/lib/api";
import { toast } from "~/lib/toast";

type Draft = Omit<SavedAddress, "id" | "isDefault" | "line2"> & { line2: string };
const blank: Draft = { name: "", line1: "", line2: "", city: "", region: "", postalCode: "", country: "US" };

function AddressForm({ initial, submitLabel, onSave, onCancel }: { initial: Draft; submitLabel: string; onSave: (draft: Draft) => Promise<void>; onCancel: () => void }) {
  const [draft, setDraft] = useState(initial);
  const [busy, setBusy] = useState(false);
  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    await onSave(draft).finally(() => setBusy(false));
  }
  return (
    <form onSubmit={submit} className="grid gap-4 rounded-2xl border border-line p-5 sm:grid-cols-2">
      <AddressFields id="address" values={draft} onChange={(key, value) => setDraft((d) => ({ ...d, [key]: value }))} />
      <div className="flex gap-2 sm:col-span-2">
        <button type="submit" disabled={busy} className={`${buttonClass} h-11 disabled:opacity-60`}>
          {submitLabel}
        </button>
        <button type="button" onClick={onCancel} className={`${secondaryButtonClass} h-11`}>
          Cancel
        </button>
      </div>
    </form>
  );
}

/** The account's address book: checkout offers these, the default first. */
export function AddressesTab() {
  const [list, setList] = useState<SavedAddress[] | null>(null);
  const [editing, setEditing] = useState<string | "new" | null>(null);
  useEffect(() => {
    apiRequest<{ addresses: SavedAddress[] }>("GET", "/api/account/addresses").then(
      (r) => setList(r.addresses),
      () => setList([]),
    );
  }, []);
  async function call(method: "POST" | "PATCH" | "DELETE", path: string, body: unknown, done: string) {
    try {
      setList((await apiRequest<{ addresses: SavedAddress[] }>(method, path, body)).addresses);
      setEditing(null);
      toast.success(done);
    } catch (e) {
      toast.error("Couldn't save the address", { description: e instanceof ApiError ? e.detail : undefined });
    }
  }
  const toBody = (d: Draft) => ({ ...d, line2: d.line2.trim() || undefined });
  if (list === null) return <p className="text-ink-muted">Loading…</p>;
  return (
    <div className="max-w-3xl space-y-4">
      {list.length === 0 && editing !== "new" && <p className="text-ink-muted">No saved addresses yet. Add one here, or tick “Save this address” at checkout.</p>}
      <ul className="grid gap-4 sm:grid-cols-2">
        {list.map((a) =>
          editing === a.id ? (
            <li key={a.id} className="sm:col-span-2">
              <AddressForm initial={{ ...a, line2: a.line2 ?? "" }} submitLabel="Save address" onSave={(d) => call("PATCH", `/api/account/addresses/${a.id}`, toBody(d), "Address saved")} onCancel={() => setEditing(null)} />
            </li>
          ) : (
            <li key={a.id} className="rounded-2xl border border-line p-5 text-sm">
              {a.isDefault && <p className="mb-2 inline-block rounded-full bg-ink px-2 py-0.5 text-xs font-semibold text-surface">Default</p>}
              <address className="not-italic leading-6">
                {a.name}
                <br />
                {a.line1}
                {a.line2 && `, ${a.line2}`}
                <br />
                {a.city}, {a.region} {a.postalCode}, {a.country}
              </address>
              <div className="mt-3 flex flex-wrap gap-2">
                <button type="button" onClick={() => setEditing(a.id)} className={`${secondaryButtonClass} h-9 px-4 text-xs`}>
                  Edit <span className="sr-only">{a.line1}</span>
                </button>
                {!a.isDefault && (
                  <button type="button" onClick={() => call("PATCH", `/api/account/addresses/${a.id}`, { isDefault: true }, "Default address changed")} className={`${secondaryButtonClass} h-9 px-4 text-xs`}>
                    Make default <span className="sr-only">{a.line1}</span>
                  </button>
                )}
                <button type="button" onClick={() => call("DELETE", `/api/account/addresses/${a.id}`, undefined, "Address removed")} className={`${secondaryButtonClass} h-9 px-4 text-xs`}>
                  Remove <span className="sr-only">{a.line1}</span>
                </button>
              </div>
            </li>
          ),
        )}
      </ul>
      {editing === "new" ? (
        <AddressForm
          initial={blank}
          submitLabel="Add address"
          onSave={async (d) => {
            try {
              const r = await apiRequest<{ addresses: SavedAddress[] }>("POST", "/api/account/addresses", toBody(d));
              setList(r.addresses);
              setEditing(null);
              toast.success("Address added");
            } catch (e) {
              toast.error("Couldn't add the address", { description: e instanceof ApiError ? e.detail : undefined });
            }
          }}
          onCancel={() => setEditing(null)}
        />
      ) : (
        <button type="button" onClick={() => setEditing("new")} className={`${buttonClass} h-11`}>
          Add an address
        </button>
      )}
    </div>
  );
}
