import { type FormEvent, useEffect, useRef, useState } from "react";
import { useRevalidator } from "react-router";
import { AddressFields, type AddressValues } from "~/components/checkout/address-fields";
import { buttonClass, secondaryButtonClass } from "~/components/layout/status-screen";
import { ApiError, apiRequest } from "~/lib/api";
import { formatPrice } from "~/lib/money";
import { toast } from "~/lib/toast";
import { AddLine, type AddedLine, type LineDraft, LineRow, loadVariants } from "./order-edit-lines";

interface OrderLine {
  id: number;
  quantity: number;
  size: string;
  color: string | null;
  product: { id: number; name: string };
}
interface Shipping {
  line1: string;
  line2: string | null;
  city: string;
  region: string;
  postalCode: string;
  country: string;
}
interface EditResult {
  edit: { id: string | null; status: "applied" | "awaiting_payment"; differenceCents: number; paymentUrl?: string; changes: string[] };
  order: { order: { totalAmount: number; charges: { label: string; amount: number; free: boolean }[] } };
}

/**
 * The staff's "Edit order" panel (issue 51): swap a line's size or colour, change its quantity, remove it, add a line,
 * change the address; Preview prices it on the server (nothing changes), Apply makes it. Any change after a preview
 * asks for a new one, so what is applied is what was shown.
 */
export function OrderEditor({ orderNumber, lines, shipping, customerName, total, onClose }: { orderNumber: string; lines: OrderLine[]; shipping: Shipping; customerName: string; total: number; onClose: () => void }) {
  const revalidator = useRevalidator();
  const [drafts, setDrafts] = useState<LineDraft[] | null>(null);
  const [added, setAdded] = useState<AddedLine[]>([]);
  const [address, setAddress] = useState<AddressValues | null>(null);
  const [notify, setNotify] = useState(true);
  const [preview, setPreview] = useState<EditResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const previewHeading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    let live = true;
    Promise.all([...new Set(lines.map((l) => l.product.id))].map(async (id) => [id, await loadVariants(id)] as const))
      .then((loaded) => {
        if (!live) return;
        const byProduct = new Map(loaded);
        setDrafts(
          lines.map((l) => {
            const options = byProduct.get(l.product.id) ?? [];
            const current = options.find((o) => o.color === l.color && o.size === l.size)?.id ?? null;
            return { lineId: l.id, name: l.product.name, variantId: current, originalVariantId: current, quantity: l.quantity, originalQuantity: l.quantity, removed: false, options };
          }),
        );
      })
      .catch(() => live && setError("Couldn't load the products' sizes. Close the panel and try again."));
    return () => {
      live = false;
    };
  }, [lines]);
  useEffect(() => {
    if (preview) previewHeading.current?.focus();
  }, [preview]);

  const changed = <T,>(set: (v: T) => void) => (v: T) => {
    set(v);
    setPreview(null);
    setError(null);
  };
  const changes = () => [
    ...(drafts ?? []).flatMap((d) => {
      if (d.removed) return [{ type: "remove", lineId: d.lineId }];
      const out: object[] = [];
      if (d.variantId !== null && d.variantId !== d.originalVariantId) out.push({ type: "swap", lineId: d.lineId, variantId: d.variantId });
      if (d.quantity !== d.originalQuantity) out.push({ type: "quantity", lineId: d.lineId, quantity: d.quantity });
      return out;
    }),
    ...added.map((a) => ({ type: "add", variantId: a.variantId, quantity: a.quantity })),
    ...(address ? [{ type: "address", address: { ...address, line2: address.line2 || undefined } }] : []),
  ];

  async function send(event: FormEvent | null, apply: boolean) {
    event?.preventDefault();
    const list = changes();
    if (list.length === 0) return setError("Change something first: a size, a quantity, a line or the address.");
    setBusy(true);
    setError(null);
    try {
      const result = await apiRequest<EditResult>("POST", `/api/admin/orders/${orderNumber}/edits${apply ? "" : "?preview=1"}`, { changes: list, notify });
      if (!apply) return setPreview(result);
      toast.success(result.edit.status === "applied" ? "Order changed" : "Waiting for the shopper's payment", {
        description: result.edit.status === "applied" ? (notify ? "The shopper has been emailed the changes." : undefined) : "The payment link has been emailed to the shopper.",
      });
      onClose();
      await revalidator.revalidate();
    } catch (e) {
      setError(e instanceof ApiError ? e.detail : "Couldn't reach the store. Please try again.");
    } finally {
      setBusy(false);
    }
  }

  const difference = preview ? preview.edit.differenceCents / 100 : 0;
  return (
    <form onSubmit={(e) => send(e, false)} aria-labelledby="order-edit-title" className="rounded-2xl border border-line p-5 text-sm">
      <div className="flex items-center justify-between gap-3">
        <h2 id="order-edit-title" className="text-base font-semibold">
          Edit order
        </h2>
        <button type="button" onClick={onClose} className="text-sm underline">
          Close
        </button>
      </div>
      <p className="mt-1 text-ink-muted">Lines on the order keep the price they were bought at; added lines cost today's price. Tax and shipping are worked out again.</p>
      {drafts === null && !error && <p className="mt-4 text-ink-muted">Loading the sizes in stock...</p>}
      {drafts && (
        <ul aria-label="Lines" className="mt-4 space-y-3">
          {drafts.map((d) => (
            <LineRow key={d.lineId} line={d} onChange={changed((next: LineDraft) => setDrafts((all) => all!.map((x) => (x.lineId === next.lineId ? next : x))))} />
          ))}
          {added.map((a) => (
            <li key={a.key} className="flex items-center justify-between gap-3 rounded-xl border border-line p-3">
              <span>
                <span className="font-medium">Add:</span> {a.quantity} × {a.name} ({a.options.find((o) => o.id === a.variantId)?.color}, size {a.options.find((o) => o.id === a.variantId)?.size})
              </span>
              <button type="button" onClick={() => changed(setAdded)(added.filter((x) => x !== a))} className="text-sm underline" aria-label={`Don't add ${a.name}`}>
                Don't add
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="mt-3">
        <AddLine onAdd={(line) => changed(setAdded)([...added, line])} />
      </div>
      <fieldset className="mt-4">
        <legend className="font-medium">Shipping address</legend>
        {address ? (
          <div className="mt-2 grid gap-3 sm:grid-cols-2">
            <AddressFields id="edit-address" values={address} onChange={(key, value) => changed(setAddress)({ ...address, [key]: value })} />
            <button type="button" onClick={() => changed(setAddress)(null)} className="justify-self-start text-sm underline sm:col-span-2">
              Keep the address as it is
            </button>
          </div>
        ) : (
          <button type="button" onClick={() => changed(setAddress)({ name: customerName, ...shipping, line2: shipping.line2 ?? "" })} className={`${secondaryButtonClass} mt-2 h-10`}>
            Change the address
          </button>
        )}
      </fieldset>
      <label className="mt-4 inline-flex items-center gap-2">
        <input type="checkbox" checked={notify} onChange={(e) => changed(setNotify)(e.target.checked)} className="size-4" />
        Email the shopper the changes
      </label>
      {error && (
        <p role="alert" className="mt-3 rounded-xl bg-red-50 px-3 py-2 font-medium text-red-800 dark:bg-red-950 dark:text-red-200">
          {error}
        </p>
      )}
      {preview && (
        <section aria-labelledby="edit-preview-title" className="mt-4 rounded-xl bg-surface-muted p-4">
          <h3 id="edit-preview-title" ref={previewHeading} tabIndex={-1} className="font-semibold outline-none">
            Preview
          </h3>
          <ul className="mt-2 list-disc space-y-1 pl-5">
            {preview.edit.changes.map((c) => (
              <li key={c}>{c}</li>
            ))}
          </ul>
          <dl className="mt-3 grid grid-cols-[1fr_auto] gap-y-1 tabular-nums">
            {preview.order.order.charges.map((c) => (
              <div key={c.label} className="contents">
                <dt>{c.label}</dt>
                <dd className="text-right">{c.free ? "FREE" : formatPrice(c.amount)}</dd>
              </div>
            ))}
            <dt className="font-semibold">New total</dt>
            <dd className="text-right font-semibold">{formatPrice(preview.order.order.totalAmount)}</dd>
            <dt className="text-ink-muted">Was</dt>
            <dd className="text-right text-ink-muted">{formatPrice(total)}</dd>
          </dl>
          <p className="mt-3 font-medium">
            {difference > 0
              ? `The shopper pays ${formatPrice(difference)} more through a link (72 hours); the order changes once it is paid.`
              : difference < 0
                ? `${formatPrice(-difference)} is refunded to the shopper's card.`
                : "Same total: nothing to pay or refund ($0.00)."}
          </p>
        </section>
      )}
      <div className="mt-4 flex flex-wrap gap-2">
        <button type="submit" disabled={busy || drafts === null} className={`${preview ? secondaryButtonClass : buttonClass} h-10 disabled:opacity-50`}>
          {busy && !preview ? "Pricing..." : "Preview"}
        </button>
        {preview && (
          <button type="button" disabled={busy} onClick={() => send(null, true)} className={`${buttonClass} h-10 disabled:opacity-50`}>
            {busy ? "Applying..." : preview.edit.status === "awaiting_payment" ? "Apply and send the payment link" : "Apply changes"}
          </button>
        )}
      </div>
    </form>
  );
}
