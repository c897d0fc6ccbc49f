import { type FormEvent, useState } from "react";
import { adminMeta } from "~/lib/admin-meta";
import { Trash2 } from "lucide-react";
import { data, Link, useNavigate, useRevalidator } from "react-router";
import { toast } from "~/lib/toast";
import type { Route } from "./+types/admin-product";
import { servicesContext } from "~/context";
import { AdminShell, AdminTable, tdClass } from "~/components/admin/admin-shell";
import { AuditHistory } from "~/components/admin/audit-history";
import { PhotoManager } from "~/components/admin/photo-manager";
import { StatusBadge } from "~/components/admin/status-badge";
import { changedFields, ProductForm, type ProductFormValues } from "~/components/admin/product-form";
import { secondaryButtonClass } from "~/components/layout/status-screen";
import { apiRequest, ApiError } from "~/lib/api";
import { requirePermission } from "~/lib/guards.server";
import { centsFromDollarsText, formatPrice } from "~/lib/money";

export async function loader({ context, request, params }: Route.LoaderArgs) {
  requirePermission(context, request, "products.write");
  if (!/^[1-9]\d{0,9}$/.test(params.id)) throw data(null, { status: 404 });
  try {
    const { admin } = context.get(servicesContext);
    const id = Number(params.id);
    const [detail, history, options, photos] = await Promise.all([admin.getProduct({ id }), admin.listAudit({ productId: id }), admin.productFormOptions(), admin.listPhotos({ productId: id })]);
    return { ...detail, history: history.entries, options, photos };
  } catch {
    throw data(null, { status: 404 });
  }
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => adminMeta(matches, `${loaderData?.product.name ?? "Product"}`);


export default function AdminProduct({ loaderData }: Route.ComponentProps) {
  const { product, variants, history, options, photos } = loaderData;
  const revalidator = useRevalidator();
  const navigate = useNavigate();
  const initial: ProductFormValues = {
    name: product.name,
    handle: product.handle,
    description: product.description,
    status: product.status,
    category: product.category,
    subcategory: product.subcategory,
    tags: product.tags,
    garment: product.garment,
    priceCents: product.priceCents,
    compareAtCents: product.compareAtCents,
    colors: product.colors,
    sizes: product.sizes,
    isNew: product.new,
    featured: product.featured,
    trending: product.trending,
    bestseller: product.bestseller,
    hot: product.hot,
    preorder: product.preorder,
    taxCategoryId: product.taxCategoryId,
  };
  async function save(values: ProductFormValues) {
    const change = changedFields(initial, values);
    if (change.handle === "") delete change.handle;
    if (Object.keys(change).length === 0) return void toast("Nothing changed");
    try {
      await apiRequest("PATCH", `/api/admin/products/${product.id}`, change);
      toast.success("Product saved", { description: values.status === "active" ? "The store shows the change now." : undefined });
      await revalidator.revalidate();
    } catch (error) {
      toast.error("Couldn't save the product", { description: error instanceof ApiError ? error.detail : undefined });
    }
  }
  async function duplicate() {
    try {
      const copy = await apiRequest<{ product: { id: number } }>("POST", `/api/admin/products/${product.id}/duplicate`, {});
      toast.success("Draft copy made");
      await navigate(`/admin/products/${copy.product.id}`);
    } catch (error) {
      toast.error("Couldn't duplicate", { description: error instanceof ApiError ? error.detail : undefined });
    }
  }
  return (
    <AdminShell
      title={product.name}
      actions={
        <div className="flex flex-wrap items-center gap-2">
          <StatusBadge status={product.status} />
          <Link to={product.status === "active" ? `/product/${product.id}` : `/product/${product.id}?preview=1`} className={secondaryButtonClass}>
            {product.status === "active" ? "View in store" : "Preview"}
          </Link>
          <button type="button" onClick={duplicate} className={secondaryButtonClass}>
            Duplicate
          </button>
        </div>
      }
    >
      <p className="mb-6 text-ink-muted">
        {new Set(variants.map((v) => v.priceCents)).size > 1 && "from "}
        {formatPrice(product.price)} · {product.category}
        {product.subcategory && ` / ${product.subcategory}`} · {product.stock} available in all · /products/{product.handle}
      </p>
      <ProductForm key={JSON.stringify(initial)} initial={initial} options={options} submitLabel="Save product" onSubmit={save} />
      <PhotoManager productId={product.id} photos={photos} colors={product.colors} />
      <h2 className="mb-3 mt-8 font-semibold">Variants and stock</h2>
      <AdminTable label="Variants and stock" headers={["SKU", "Barcode", "Colour", "Size", "Price (USD)", "Compare-at (USD)", "Weight (grams)", "Reserved", "On hand", "Remove"]}>
        {variants.map((v) => (
          <VariantRow key={v.id} variant={v} />
        ))}
      </AdminTable>
      <AuditHistory entries={history} />
    </AdminShell>
  );
}

const dollars = (cents: number | null) => (cents === null ? "" : (cents / 100).toFixed(2));
/** Typed grams: "" is not known (null), whole grams up to a tonne, else NaN. */
const gramsFromText = (text: string) => (text.trim() === "" ? null : /^\d{1,7}$/.test(text.trim()) && Number(text.trim()) <= 1_000_000 ? Number(text.trim()) : Number.NaN);

function VariantRow({ variant }: { variant: { id: number; sku: string; barcode: string | null; color: string; size: string; priceCents: number; compareAtCents: number | null; onHand: number; reserved: number; weightGrams: number | null } }) {
  const revalidator = useRevalidator();
  const [onHand, setOnHand] = useState(String(variant.onHand));
  const [price, setPrice] = useState(dollars(variant.priceCents));
  const [compareAt, setCompareAt] = useState(dollars(variant.compareAtCents));
  const [sku, setSku] = useState(variant.sku);
  const [barcode, setBarcode] = useState(variant.barcode ?? "");
  const [weight, setWeight] = useState(variant.weightGrams === null ? "" : String(variant.weightGrams));
  const [busy, setBusy] = useState(false);
  const priceCents = centsFromDollarsText(price);
  const compareAtCents = compareAt.trim() === "" ? null : centsFromDollarsText(compareAt);
  const weightGrams = gramsFromText(weight);
  const change = {
    ...(priceCents !== variant.priceCents ? { priceCents } : {}),
    ...(compareAtCents !== variant.compareAtCents ? { compareAtCents } : {}),
    ...(onHand !== String(variant.onHand) ? { onHand: Number(onHand) } : {}),
    ...(sku.trim() !== variant.sku ? { sku: sku.trim() } : {}),
    ...(barcode.trim() !== (variant.barcode ?? "") ? { barcode: barcode.trim() || null } : {}),
    ...(weightGrams !== variant.weightGrams ? { weightGrams } : {}),
  };
  const formId = `variant-${variant.id}`;
  async function save(event: FormEvent) {
    event.preventDefault();
    if (!priceCents) return void toast.error("Enter the price in dollars, for example 89.00");
    if (compareAt.trim() !== "" && !compareAtCents) return void toast.error("Enter the compare-at price in dollars, or leave it empty");
    if (Number.isNaN(weightGrams)) return void toast.error("Enter the weight in whole grams (0 to 1,000,000), or leave it empty");
    setBusy(true);
    try {
      const saved = await apiRequest<{ sku: string; onHand: number }>("PATCH", `/api/admin/variants/${variant.id}`, change);
      toast.success("onHand" in change && Object.keys(change).length === 1 ? `${saved.sku} now has ${saved.onHand} on hand` : `${saved.sku} saved`);
      await revalidator.revalidate();
    } catch (error) {
      toast.error("Couldn't save the variant", { description: error instanceof ApiError ? error.detail : undefined });
    } finally {
      setBusy(false);
    }
  }
  async function remove() {
    if (!window.confirm(`Remove ${variant.sku}? Shoppers can no longer pick ${variant.color} / ${variant.size}.`)) return;
    setBusy(true);
    try {
      await apiRequest("DELETE", `/api/admin/variants/${variant.id}`);
      toast.success(`${variant.sku} removed`);
      await revalidator.revalidate();
    } catch (error) {
      toast.error("Couldn't remove the variant", { description: error instanceof ApiError ? error.detail : undefined });
    } finally {
      setBusy(false);
    }
  }
  const input = "h-9 rounded-lg border border-line bg-surface px-2 text-sm";
  return (
    <tr>
      <td className={tdClass}>
        <label htmlFor={`sku-${variant.id}`} className="sr-only">
          SKU of {variant.color} / {variant.size}
        </label>
        <input id={`sku-${variant.id}`} form={formId} value={sku} onChange={(e) => setSku(e.target.value)} className={`${input} w-36 font-mono text-xs`} />
      </td>
      <td className={tdClass}>
        <label htmlFor={`barcode-${variant.id}`} className="sr-only">
          Barcode for {variant.sku}
        </label>
        <input id={`barcode-${variant.id}`} form={formId} inputMode="numeric" value={barcode} onChange={(e) => setBarcode(e.target.value)} className={`${input} w-32 tabular-nums`} />
      </td>
      <td className={tdClass}>{variant.color}</td>
      <td className={tdClass}>{variant.size}</td>
      <td className={tdClass}>
        <label htmlFor={`price-${variant.id}`} className="sr-only">
          Price of {variant.sku}
        </label>
        <input id={`price-${variant.id}`} form={formId} inputMode="decimal" value={price} onChange={(e) => setPrice(e.target.value)} className={`${input} w-20 tabular-nums`} />
      </td>
      <td className={tdClass}>
        <label htmlFor={`compare-at-${variant.id}`} className="sr-only">
          Compare-at price of {variant.sku}
        </label>
        <input id={`compare-at-${variant.id}`} form={formId} inputMode="decimal" value={compareAt} onChange={(e) => setCompareAt(e.target.value)} className={`${input} w-20 tabular-nums`} />
      </td>
      <td className={tdClass}>
        <label htmlFor={`weight-${variant.id}`} className="sr-only">
          Weight of {variant.sku} in grams
        </label>
        <input id={`weight-${variant.id}`} form={formId} inputMode="numeric" value={weight} onChange={(e) => setWeight(e.target.value)} className={`${input} w-20 tabular-nums`} />
      </td>
      <td className={`${tdClass} tabular-nums`}>{variant.reserved}</td>
      <td className={tdClass}>
        <form id={formId} onSubmit={save} className="flex items-center gap-2">
          <label htmlFor={`on-hand-${variant.id}`} className="sr-only">
            On hand for {variant.sku}
          </label>
          <input id={`on-hand-${variant.id}`} type="number" min={variant.reserved} step={1} value={onHand} onChange={(e) => setOnHand(e.target.value)} className={`${input} w-20 tabular-nums`} />
          <button type="submit" disabled={busy || Object.keys(change).length === 0} className="h-9 rounded-lg border border-ink px-3 text-xs font-semibold disabled:opacity-40">
            Save
          </button>
        </form>
      </td>
      <td className={tdClass}>
        <button type="button" onClick={remove} disabled={busy || variant.reserved > 0} aria-label={`Remove ${variant.sku}`} className="inline-flex size-9 items-center justify-center rounded-lg border border-line text-ink-muted hover:text-ink disabled:opacity-40">
          <Trash2 aria-hidden="true" className="size-4" />
        </button>
      </td>
    </tr>
  );
}
