import { Fragment, useState } from "react";
import { Form, useRevalidator } from "react-router";
import type { Route } from "./+types/admin-bulk-edit";
import { servicesContext } from "~/context";
import { AdminShell, AdminTable, tdClass } from "~/components/admin/admin-shell";
import { StatusBadge } from "~/components/admin/status-badge";
import { buttonClass, secondaryButtonClass } from "~/components/layout/status-screen";
import { ApiError, apiRequest } from "~/lib/api";
import { requireAdmin } from "~/lib/guards.server";
import { centsFromDollarsText } from "~/lib/money";
import { toast } from "~/lib/toast";
import { LabelledSelect } from "~/components/admin/labelled-select";

export async function loader({ context, request }: Route.LoaderArgs) {
  requireAdmin(context, request);
  const params = new URL(request.url).searchParams;
  const q = params.get("q")?.trim().slice(0, 100) || undefined;
  const category = /^[a-z0-9-]{1,40}$/.test(params.get("category") ?? "") ? params.get("category")! : undefined;
  const { admin } = context.get(servicesContext);
  const [grid, options] = await Promise.all([admin.bulkEditGrid({ q, category }), admin.productFormOptions()]);
  return { ...grid, q: q ?? "", category: category ?? "", collections: options.collections };
}

export const meta = () => [{ title: "Bulk edit | VSOP Admin" }, { name: "robots", content: "noindex" }];

interface RowError {
  kind: "product" | "variant";
  id: number;
  field: string;
  message: string;
}

const cellInput = "h-9 w-24 rounded-lg border bg-surface px-2 text-sm tabular-nums";
const dollars = (cents: number | null) => (cents === null ? "" : (cents / 100).toFixed(2));

export default function BulkEdit({ loaderData }: Route.ComponentProps) {
  const { products, more, q, category, collections } = loaderData;
  const revalidator = useRevalidator();
  // Typed values by cell key ("p12:price", "p12:compareAt", "v40:onHand"); untouched cells are absent.
  const [edits, setEdits] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<RowError[]>([]);
  const [fillValue, setFillValue] = useState("");
  const [busy, setBusy] = useState(false);
  const set = (key: string, value: string) => setEdits((e) => ({ ...e, [key]: value }));
  const errorFor = (kind: RowError["kind"], id: number) => errors.find((e) => e.kind === kind && e.id === id);

  function fillStock() {
    if (!/^\d{1,7}$/.test(fillValue)) return toast.error("Enter a whole number of units to set");
    setEdits((e) => ({ ...e, ...Object.fromEntries(products.flatMap((p) => p.variants.map((v) => [`v${v.id}:onHand`, fillValue]))) }));
  }

  /** The changed cells as the API takes them, or a list of cells that are not numbers. */
  function collect() {
    const bad: RowError[] = [];
    const productRows = products.flatMap((p) => {
      const price = edits[`p${p.id}:price`];
      const compareAt = edits[`p${p.id}:compareAt`];
      if (price === undefined && compareAt === undefined) return [];
      const row: { id: number; priceCents?: number; compareAtCents?: number | null } = { id: p.id };
      if (price !== undefined) {
        const cents = centsFromDollarsText(price);
        if (!cents) bad.push({ kind: "product", id: p.id, field: "priceCents", message: "Enter a price in dollars" });
        else row.priceCents = cents;
      }
      if (compareAt !== undefined) {
        const cents = compareAt.trim() === "" ? null : centsFromDollarsText(compareAt);
        if (cents === 0 || (cents === null && compareAt.trim() !== "")) bad.push({ kind: "product", id: p.id, field: "compareAtCents", message: "Enter a compare-at price in dollars, or leave it empty" });
        else row.compareAtCents = cents;
      }
      return [row];
    });
    const variantRows = products.flatMap((p) =>
      p.variants.flatMap((v) => {
        const value = edits[`v${v.id}:onHand`];
        if (value === undefined || value === String(v.onHand)) return [];
        if (!/^\d{1,7}$/.test(value.trim())) return bad.push({ kind: "variant", id: v.id, field: "onHand", message: "Enter a whole number of units" }), [];
        return [{ id: v.id, onHand: Number(value) }];
      }),
    );
    return { bad, body: { products: productRows, variants: variantRows } };
  }

  async function save() {
    const { bad, body } = collect();
    setErrors(bad);
    if (bad.length) return toast.error(`${bad.length} ${bad.length === 1 ? "cell needs" : "cells need"} fixing`, { description: "Nothing was saved." });
    if (body.products.length + body.variants.length === 0) return toast("Nothing changed");
    setBusy(true);
    try {
      const { saved } = await apiRequest<{ saved: number }>("POST", "/api/admin/bulk-edit", body);
      toast.success(`Saved ${saved} ${saved === 1 ? "change" : "changes"}`, { description: "The store shows them now." });
      setEdits({});
      await revalidator.revalidate();
    } catch (error) {
      const rows = error instanceof ApiError ? ((error.body as { errors?: RowError[] } | undefined)?.errors ?? []) : [];
      setErrors(rows);
      toast.error("Nothing was saved", { description: error instanceof ApiError ? error.detail : undefined });
    } finally {
      setBusy(false);
    }
  }

  const changed = Object.keys(edits).length;
  return (
    <AdminShell title="Bulk edit">
      <Form method="get" className="mb-4 flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor="bulk-q" className="block text-sm font-medium">
            Name, handle or SKU
          </label>
          <input id="bulk-q" name="q" type="search" defaultValue={q} className="mt-1 h-10 w-64 rounded-xl border border-line bg-surface px-3 text-sm" />
        </div>
        <LabelledSelect id="bulk-category" label="Collection" name="category" defaultValue={category} empty="All" options={collections.map((c) => [c.slug, c.name] as const)} />
        <button type="submit" className={`${buttonClass} h-10`}>
          Show
        </button>
      </Form>
      <div className="mb-4 flex flex-wrap items-end gap-3 rounded-2xl bg-surface-muted p-4">
        <div>
          <label htmlFor="bulk-fill" className="block text-sm font-medium">
            Set every stock level shown to
          </label>
          <input id="bulk-fill" inputMode="numeric" value={fillValue} onChange={(e) => setFillValue(e.target.value)} className="mt-1 h-10 w-28 rounded-xl border border-line bg-surface px-3 text-sm" />
        </div>
        <button type="button" onClick={fillStock} className={`${secondaryButtonClass} h-10`}>
          Fill
        </button>
        <div className="ml-auto flex items-center gap-3">
          <span className="text-sm text-ink-muted" aria-live="polite">
            {changed} {changed === 1 ? "cell" : "cells"} changed
          </span>
          <button type="button" onClick={save} disabled={busy} className={`${buttonClass} h-10 disabled:opacity-60`}>
            {busy ? "Saving..." : "Save all"}
          </button>
        </div>
      </div>
      {more && <p className="mb-3 text-sm text-ink-muted">Showing the first 200 products: narrow the search to see the rest.</p>}
      <AdminTable label="Prices and stock" headers={["Product / SKU", "Price (USD)", "Compare-at (USD)", "On hand", "Reserved"]}>
        {products.map((p) => {
          const error = errorFor("product", p.id);
          return (
            <Fragment key={p.id}>
              <tr className="bg-surface-muted/40">
                <th scope="row" className={`${tdClass} font-semibold`}>
                  <span className="mr-2">{p.name}</span>
                  <StatusBadge status={p.status} />
                  {error && (
                    <p id={`p${p.id}-error`} className="mt-1 text-sm font-medium text-red-700 dark:text-red-400">
                      {error.message}
                    </p>
                  )}
                </th>
                <td className={tdClass}>
                  <input aria-label={`Price of ${p.name}`} aria-invalid={error?.field === "priceCents" || undefined} aria-describedby={error ? `p${p.id}-error` : undefined} inputMode="decimal" value={edits[`p${p.id}:price`] ?? dollars(p.priceCents)} onChange={(e) => set(`p${p.id}:price`, e.target.value)} className={`${cellInput} ${error?.field === "priceCents" ? "border-red-700" : "border-line"}`} />
                </td>
                <td className={tdClass}>
                  <input aria-label={`Compare-at price of ${p.name}`} aria-invalid={error?.field === "compareAtCents" || undefined} aria-describedby={error ? `p${p.id}-error` : undefined} inputMode="decimal" value={edits[`p${p.id}:compareAt`] ?? dollars(p.compareAtCents)} onChange={(e) => set(`p${p.id}:compareAt`, e.target.value)} className={`${cellInput} ${error?.field === "compareAtCents" ? "border-red-700" : "border-line"}`} />
                </td>
                <td className={tdClass} />
                <td className={tdClass} />
              </tr>
              {p.variants.map((v) => {
                const variantError = errorFor("variant", v.id);
                return (
                  <tr key={v.id}>
                    <td className={`${tdClass} pl-8 font-mono text-xs`}>
                      {v.sku}
                      {variantError && (
                        <p id={`v${v.id}-error`} className="mt-1 font-sans text-sm font-medium text-red-700 dark:text-red-400">
                          {variantError.message}
                        </p>
                      )}
                    </td>
                    <td className={tdClass} />
                    <td className={tdClass} />
                    <td className={tdClass}>
                      <input aria-label={`On hand for ${v.sku}`} aria-invalid={variantError ? true : undefined} aria-describedby={variantError ? `v${v.id}-error` : undefined} inputMode="numeric" value={edits[`v${v.id}:onHand`] ?? String(v.onHand)} onChange={(e) => set(`v${v.id}:onHand`, e.target.value)} className={`${cellInput} ${variantError ? "border-red-700" : "border-line"}`} />
                    </td>
                    <td className={`${tdClass} tabular-nums`}>{v.reserved}</td>
                  </tr>
                );
              })}
            </Fragment>
          );
        })}
      </AdminTable>
    </AdminShell>
  );
}
