import { Fragment, useState } from "react";
import { adminMeta } from "~/lib/admin-meta";
import { Form, useRevalidator } from "react-router";
import type { Route } from "./+types/admin-bulk-edit";
import { servicesContext } from "~/context";
import { AdminShell, AdminTable, tdClass } from "~/components/admin/admin-shell";
import { StatusBadge } from "~/components/admin/status-badge";
import { buttonClass, secondaryButtonClass } from "~/components/layout/status-screen";
import { ApiError, apiRequest } from "~/lib/api";
import { requirePermission } from "~/lib/guards.server";
import { centsFromDollarsText } from "~/lib/money";
import { toast } from "~/lib/toast";
import { LabelledSelect } from "~/components/admin/labelled-select";

export async function loader({ context, request }: Route.LoaderArgs) {
  requirePermission(context, request, "products.write");
  const params = new URL(request.url).searchParams;
  const q = params.get("q")?.trim().slice(0, 100) || undefined;
  const category = /^[a-z0-9-]{1,40}$/.test(params.get("category") ?? "") ? params.get("category")! : undefined;
  const { admin } = context.get(servicesContext);
  const [grid, options] = await Promise.all([admin.bulkEditGrid({ q, category }), admin.productFormOptions()]);
  return { ...grid, q: q ?? "", category: category ?? "", collections: options.collections };
}

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "Bulk edit");

interface RowError {
  id: number;
  field: string;
  message: string;
}

type Column = "price" | "compareAt" | "onHand" | "weight";
const FILL_COLUMNS = [
  ["onHand", "Stock on hand"],
  ["price", "Price (USD)"],
  ["compareAt", "Compare-at (USD)"],
  ["weight", "Weight (grams)"],
] as const;

const cellInput = "h-9 w-24 rounded-lg border bg-surface px-2 text-sm tabular-nums";
const dollars = (cents: number | null) => (cents === null ? "" : (cents / 100).toFixed(2));

/** A typed cell as the API takes it, or an error message: prices in dollars, stock in whole units, weight in grams (empty: not known). */
function readCell(column: Column, text: string): { value: number | null } | { error: string } {
  const t = text.trim();
  if (column === "onHand") return /^\d{1,7}$/.test(t) ? { value: Number(t) } : { error: "Enter a whole number of units" };
  if (column === "weight") return t === "" ? { value: null } : /^\d{1,7}$/.test(t) && Number(t) <= 1_000_000 ? { value: Number(t) } : { error: "Enter the weight in whole grams (0 to 1,000,000), or leave it empty" };
  if (column === "compareAt" && t === "") return { value: null };
  const cents = centsFromDollarsText(t);
  if (!cents) return { error: column === "price" ? "Enter a price in dollars" : "Enter a compare-at price in dollars, or leave it empty" };
  return { value: cents };
}

const FIELD: Record<Column, "priceCents" | "compareAtCents" | "onHand" | "weightGrams"> = { price: "priceCents", compareAt: "compareAtCents", onHand: "onHand", weight: "weightGrams" };

export default function BulkEdit({ loaderData }: Route.ComponentProps) {
  const { products, more, q, category, collections } = loaderData;
  const revalidator = useRevalidator();
  // Typed values by cell key ("12:price", "12:compareAt", "12:onHand", "12:weight", by variant id); untouched cells are absent.
  const [edits, setEdits] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<RowError[]>([]);
  const [fillColumn, setFillColumn] = useState<Column>("onHand");
  const [fillValue, setFillValue] = useState("");
  const [busy, setBusy] = useState(false);
  const set = (key: string, value: string) => setEdits((e) => ({ ...e, [key]: value }));
  const errorFor = (id: number) => errors.find((e) => e.id === id);
  const shown = products.flatMap((p) => p.variants);

  function fill() {
    const cell = readCell(fillColumn, fillValue);
    if ("error" in cell) return toast.error(cell.error);
    setEdits((e) => ({ ...e, ...Object.fromEntries(shown.map((v) => [`${v.id}:${fillColumn}`, fillValue.trim()])) }));
  }

  /** The changed rows as the API takes them, or the cells that are not numbers. */
  function collect() {
    const bad: RowError[] = [];
    const rows = shown.flatMap((v) => {
      const row: { id: number; priceCents?: number; compareAtCents?: number | null; onHand?: number; weightGrams?: number | null } = { id: v.id };
      const saved = { price: v.priceCents, compareAt: v.compareAtCents, onHand: v.onHand, weight: v.weightGrams };
      for (const column of ["price", "compareAt", "onHand", "weight"] as const) {
        const text = edits[`${v.id}:${column}`];
        if (text === undefined) continue;
        const cell = readCell(column, text);
        if ("error" in cell) bad.push({ id: v.id, field: FIELD[column], message: `${v.sku}: ${cell.error}` });
        else if (cell.value !== saved[column]) Object.assign(row, { [FIELD[column]]: cell.value });
      }
      return Object.keys(row).length > 1 ? [row] : [];
    });
    return { bad, rows };
  }

  async function save() {
    const { bad, rows } = collect();
    setErrors(bad);
    if (bad.length) return toast.error(`${bad.length} ${bad.length === 1 ? "row needs" : "rows need"} fixing`, { description: "Nothing was saved." });
    if (rows.length === 0) return toast("Nothing changed");
    setBusy(true);
    try {
      const { saved } = await apiRequest<{ saved: number }>("POST", "/api/admin/bulk-edit", { variants: rows });
      toast.success(`Saved ${saved} ${saved === 1 ? "variant" : "variants"}`, { description: "The store shows the change now." });
      setEdits({});
      await revalidator.revalidate();
    } catch (error) {
      const rowErrors = error instanceof ApiError ? ((error.body as { errors?: RowError[] } | undefined)?.errors ?? []) : [];
      setErrors(rowErrors);
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
        <LabelledSelect id="bulk-fill-column" label="Column to fill" value={fillColumn} onChange={(e) => setFillColumn(e.target.value as Column)} options={FILL_COLUMNS} />
        <div>
          <label htmlFor="bulk-fill" className="block text-sm font-medium">
            Value for every row shown
          </label>
          <input id="bulk-fill" inputMode="decimal" value={fillValue} onChange={(e) => setFillValue(e.target.value)} className="mt-1 h-10 w-28 rounded-xl border border-line bg-surface px-3 text-sm" />
        </div>
        <button type="button" onClick={fill} className={`${secondaryButtonClass} h-10`}>
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
      <AdminTable label="Prices and stock" headers={["Variant", "Price (USD)", "Compare-at (USD)", "On hand", "Weight (grams)", "Reserved"]}>
        {products.map((p) => (
          <Fragment key={p.id}>
            <tr className="bg-surface-muted/40">
              <th scope="rowgroup" colSpan={6} className={`${tdClass} text-left font-semibold`}>
                <span className="mr-2">{p.name}</span>
                <StatusBadge status={p.status} />
              </th>
            </tr>
            {p.variants.map((v) => {
              const error = errorFor(v.id);
              const cell = (column: Column, label: string, saved: string) => (
                <td className={tdClass}>
                  <input
                    aria-label={`${label} of ${v.sku}`}
                    aria-invalid={error?.field === FIELD[column] || undefined}
                    aria-describedby={error ? `v${v.id}-error` : undefined}
                    inputMode={column === "onHand" || column === "weight" ? "numeric" : "decimal"}
                    value={edits[`${v.id}:${column}`] ?? saved}
                    onChange={(e) => set(`${v.id}:${column}`, e.target.value)}
                    className={`${cellInput} ${error?.field === FIELD[column] ? "border-red-700" : "border-line"}`}
                  />
                </td>
              );
              return (
                <tr key={v.id}>
                  <td className={`${tdClass} pl-6`}>
                    <span className="font-mono text-xs">{v.sku}</span>
                    <span className="ml-2 text-xs text-ink-muted">
                      {v.color} / {v.size}
                    </span>
                    {error && (
                      <p id={`v${v.id}-error`} className="mt-1 text-sm font-medium text-red-700 dark:text-red-400">
                        {error.message}
                      </p>
                    )}
                  </td>
                  {cell("price", "Price", dollars(v.priceCents))}
                  {cell("compareAt", "Compare-at price", dollars(v.compareAtCents))}
                  {cell("onHand", "On hand", String(v.onHand))}
                  {cell("weight", "Weight in grams", v.weightGrams === null ? "" : String(v.weightGrams))}
                  <td className={`${tdClass} tabular-nums`}>{v.reserved}</td>
                </tr>
              );
            })}
          </Fragment>
        ))}
      </AdminTable>
    </AdminShell>
  );
}
