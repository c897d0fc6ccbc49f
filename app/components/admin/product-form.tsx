import { type FormEvent, useState } from "react";
import { buttonClass } from "~/components/layout/status-screen";
import { centsFromDollarsText } from "~/lib/money";
import { Field, fieldInputClass } from "~/components/admin/field";

export interface ProductFormOptions {
  collections: { slug: string; name: string; subcategories: { slug: string; name: string }[] }[];
  /** The default one first: a product without a tax category is taxed as it. */
  taxCategories: { id: number; name: string; isDefault: boolean }[];
  garments: string[];
}

/** The fields as the staff API takes them (prices in cents). */
export interface ProductFormValues {
  name: string;
  handle: string;
  description: string;
  status: "draft" | "active" | "archived";
  category: string;
  subcategory: string | null;
  tags: string[];
  garment: string;
  priceCents: number | null;
  compareAtCents: number | null;
  colors: string[];
  sizes: string[];
  isNew: boolean;
  featured: boolean;
  trending: boolean;
  bestseller: boolean;
  hot: boolean;
  preorder: boolean;
  /** null: the store's default tax category. */
  taxCategoryId: number | null;
}

const FLAGS = [
  ["isNew", "New"],
  ["featured", "Featured"],
  ["trending", "Trending"],
  ["bestseller", "Bestseller"],
  ["hot", "Hot"],
  ["preorder", "Pre-order"],
] as const;

const inputClass = fieldInputClass;
const list = (text: string) => text.split(",").map((s) => s.trim()).filter(Boolean);
const dollars = (cents: number | null) => (cents === null ? "" : (cents / 100).toFixed(2));


/**
 * Create and edit form for a product. Only the fields that differ from `initial` are sent when editing, so two staff
 * editing different fields do not undo each other. Prices are typed in dollars and sent as whole cents.
 */
export function ProductForm({ initial, options, submitLabel, onSubmit }: { initial: ProductFormValues; options: ProductFormOptions; submitLabel: string; onSubmit: (values: ProductFormValues) => Promise<void> }) {
  const [values, setValues] = useState(initial);
  const [price, setPrice] = useState(dollars(initial.priceCents));
  // Editing a product whose variants have their own prices: the price fields then set every variant at once.
  const editing = initial.priceCents !== null;
  const [compareAt, setCompareAt] = useState(dollars(initial.compareAtCents));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = <K extends keyof ProductFormValues>(key: K, value: ProductFormValues[K]) => setValues((v) => ({ ...v, [key]: value }));
  const collection = options.collections.find((c) => c.slug === values.category);
  const defaultTax = options.taxCategories.find((t) => t.isDefault);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const priceCents = centsFromDollarsText(price);
    const compareAtCents = compareAt.trim() === "" ? null : centsFromDollarsText(compareAt);
    if (priceCents === null || priceCents === 0) return setError("Enter the price in dollars, for example 89.00");
    if (compareAtCents === null && compareAt.trim() !== "") return setError("Enter the compare-at price in dollars, or leave it empty");
    setError(null);
    setBusy(true);
    try {
      await onSubmit({ ...values, priceCents, compareAtCents });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} className="grid gap-5 rounded-3xl border border-line p-6 md:grid-cols-2" noValidate>
      <Field id="product-name" label="Title">
        <input id="product-name" required maxLength={200} value={values.name} onChange={(e) => set("name", e.target.value)} className={inputClass} />
      </Field>
      <Field id="product-handle" label="URL handle" hint="Letters, digits and dashes. Leave empty to make one from the title. A changed handle keeps its old link working.">
        <input id="product-handle" aria-describedby="product-handle-hint" maxLength={80} pattern="[a-z0-9]+(-[a-z0-9]+)*" value={values.handle} onChange={(e) => set("handle", e.target.value)} className={inputClass} />
      </Field>
      <div className="md:col-span-2">
        <Field id="product-description" label="Description" hint="Paragraphs, ## headings, - lists, **bold** and *italic*. Shown as text: HTML is not used.">
          <textarea id="product-description" aria-describedby="product-description-hint" rows={4} maxLength={20_000} value={values.description} onChange={(e) => set("description", e.target.value)} className="mt-1 w-full rounded-xl border border-line bg-surface px-3 py-2 text-sm" />
        </Field>
      </div>
      <Field id="product-status" label="Status" hint="Only active products are in the store, search, sitemap and Instagram feed.">
        <select id="product-status" aria-describedby="product-status-hint" value={values.status} onChange={(e) => set("status", e.target.value as ProductFormValues["status"])} className={inputClass}>
          <option value="draft">Draft</option>
          <option value="active">Active</option>
          <option value="archived">Archived</option>
        </select>
      </Field>
      <Field id="product-garment" label="Illustration" hint="Drawn for each colour until photos are added.">
        <select id="product-garment" aria-describedby="product-garment-hint" value={values.garment} onChange={(e) => set("garment", e.target.value)} className={inputClass}>
          {options.garments.map((g) => (
            <option key={g} value={g}>
              {g}
            </option>
          ))}
        </select>
      </Field>
      <Field id="product-category" label="Collection">
        <select id="product-category" value={values.category} onChange={(e) => setValues((v) => ({ ...v, category: e.target.value, subcategory: null }))} className={inputClass}>
          {options.collections.map((c) => (
            <option key={c.slug} value={c.slug}>
              {c.name}
            </option>
          ))}
        </select>
      </Field>
      <Field id="product-subcategory" label="Subcategory">
        <select id="product-subcategory" value={values.subcategory ?? ""} onChange={(e) => set("subcategory", e.target.value || null)} className={inputClass}>
          <option value="">None</option>
          {collection?.subcategories.map((s) => (
            <option key={s.slug} value={s.slug}>
              {s.name}
            </option>
          ))}
        </select>
      </Field>
      <Field id="product-price" label={editing ? "Price of every variant (USD)" : "Price (USD)"} hint={editing ? "Shows the lowest; a change here sets every variant. Price one variant in the table below." : "Every variant starts at this price; change one later in its row."}>
        <input id="product-price" aria-describedby="product-price-hint" required inputMode="decimal" value={price} onChange={(e) => setPrice(e.target.value)} className={inputClass} />
      </Field>
      <Field id="product-compare-at" label="Compare-at price (USD)" hint="The price before a sale; shown struck through. Empty when not on sale.">
        <input id="product-compare-at" aria-describedby="product-compare-at-hint" inputMode="decimal" value={compareAt} onChange={(e) => setCompareAt(e.target.value)} className={inputClass} />
      </Field>
      <Field id="product-colors" label="Colours" hint="Comma-separated. Every colour × size becomes a variant.">
        <input id="product-colors" aria-describedby="product-colors-hint" required defaultValue={values.colors.join(", ")} onChange={(e) => set("colors", list(e.target.value))} className={inputClass} />
      </Field>
      <Field id="product-sizes" label="Sizes" hint="Comma-separated, in the order shoppers pick them.">
        <input id="product-sizes" aria-describedby="product-sizes-hint" required defaultValue={values.sizes.join(", ")} onChange={(e) => set("sizes", list(e.target.value))} className={inputClass} />
      </Field>
      <Field id="product-tags" label="Tags" hint="Comma-separated, for staff and imports.">
        <input id="product-tags" aria-describedby="product-tags-hint" defaultValue={values.tags.join(", ")} onChange={(e) => set("tags", list(e.target.value))} className={inputClass} />
      </Field>
      <Field id="product-tax-category" label="Tax category" hint="What the product is taxed as. Default follows the store's default category if that changes; a named one stays.">
        <select id="product-tax-category" aria-describedby="product-tax-category-hint" value={values.taxCategoryId ?? ""} onChange={(e) => set("taxCategoryId", e.target.value ? Number(e.target.value) : null)} className={inputClass}>
          <option value="">{defaultTax ? `Default (${defaultTax.name})` : "Default"}</option>
          {options.taxCategories.map((t) => (
            <option key={t.id} value={t.id}>
              {t.name}
            </option>
          ))}
        </select>
      </Field>
      <fieldset>
        <legend className="text-sm font-medium">Badges</legend>
        <div className="mt-2 flex flex-wrap gap-x-5 gap-y-2">
          {FLAGS.map(([key, label]) => (
            <label key={key} className="flex items-center gap-2 text-sm">
              <input type="checkbox" checked={values[key]} onChange={(e) => set(key, e.target.checked)} className="size-4 accent-current" />
              {label}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="flex flex-wrap items-center gap-3 md:col-span-2">
        <button type="submit" disabled={busy} className={`${buttonClass} disabled:opacity-60`}>
          {busy ? "Saving..." : submitLabel}
        </button>
        {error && (
          <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-400">
            {error}
          </p>
        )}
      </div>
    </form>
  );
}

/** The fields of `next` that differ from `initial`: what an edit sends. */
export function changedFields(initial: ProductFormValues, next: ProductFormValues): Partial<ProductFormValues> {
  return Object.fromEntries(Object.entries(next).filter(([key, value]) => JSON.stringify(value) !== JSON.stringify(initial[key as keyof ProductFormValues])));
}
