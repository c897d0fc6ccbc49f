import { type FormEvent, useState } from "react";
import { data, useRevalidator } from "react-router";
import { toast } from "~/lib/toast";
import type { Route } from "./+types/admin-product";
import { servicesContext } from "~/context";
import { AdminShell, tableClass, tdClass, thClass } from "~/components/admin/admin-shell";
import { AuditHistory } from "~/components/admin/audit-history";
import { apiRequest, ApiError } from "~/lib/api";
import { requireAdmin } from "~/lib/guards.server";
import { formatPrice } from "~/lib/money";

export async function loader({ context, request, params }: Route.LoaderArgs) {
  requireAdmin(context, request);
  if (!/^[1-9]\d{0,9}$/.test(params.id)) throw data(null, { status: 404 });
  try {
    const { admin } = context.get(servicesContext);
    const id = Number(params.id);
    const [detail, history] = await Promise.all([admin.getProduct({ id }), admin.listAudit({ productId: id })]);
    return { ...detail, history: history.entries };
  } catch {
    throw data(null, { status: 404 });
  }
}

export const meta = () => [{ title: "Stock | VSOP Admin" }, { name: "robots", content: "noindex" }];

export default function AdminProduct({ loaderData }: Route.ComponentProps) {
  const { product, variants, history } = loaderData;
  return (
    <AdminShell title={product.name}>
      <p className="mb-6 text-ink-muted">
        {formatPrice(product.price)} · {product.category}
        {product.subcategory && ` / ${product.subcategory}`} · {product.stock} available in all
      </p>
      <div className="overflow-x-auto rounded-2xl border border-line" tabIndex={0} role="region" aria-label="Table">
        <table className={tableClass}>
          <thead className="bg-surface-muted">
            <tr>
              {["SKU", "Colour", "Size", "Reserved", "On hand"].map((h) => (
                <th key={h} scope="col" className={thClass}>
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-line">
            {variants.map((v) => (
              <VariantRow key={v.id} variant={v} />
            ))}
          </tbody>
        </table>
      </div>
      <AuditHistory entries={history} />
    </AdminShell>
  );
}

function VariantRow({ variant }: { variant: { id: number; sku: string; color: string; size: string; onHand: number; reserved: number } }) {
  const revalidator = useRevalidator();
  const [value, setValue] = useState(String(variant.onHand));
  const [busy, setBusy] = useState(false);
  async function save(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    try {
      await apiRequest("PATCH", `/api/admin/variants/${variant.id}`, { onHand: Number(value) });
      toast.success(`${variant.sku} now has ${value} on hand`);
      await revalidator.revalidate();
    } catch (error) {
      toast.error("Couldn't update stock", { description: error instanceof ApiError ? error.detail : undefined });
    } finally {
      setBusy(false);
    }
  }
  return (
    <tr>
      <td className={`${tdClass} font-mono text-xs`}>{variant.sku}</td>
      <td className={tdClass}>{variant.color}</td>
      <td className={tdClass}>{variant.size}</td>
      <td className={`${tdClass} tabular-nums`}>{variant.reserved}</td>
      <td className={tdClass}>
        <form onSubmit={save} className="flex items-center gap-2">
          <label htmlFor={`on-hand-${variant.id}`} className="sr-only">
            On hand for {variant.sku}
          </label>
          <input
            id={`on-hand-${variant.id}`}
            type="number"
            min={variant.reserved}
            step={1}
            value={value}
            onChange={(e) => setValue(e.target.value)}
            className="h-9 w-24 rounded-lg border border-line bg-surface px-2 text-sm tabular-nums"
          />
          <button type="submit" disabled={busy || value === String(variant.onHand)} className="h-9 rounded-lg border border-ink px-3 text-xs font-semibold disabled:opacity-40">
            Save
          </button>
        </form>
      </td>
    </tr>
  );
}
