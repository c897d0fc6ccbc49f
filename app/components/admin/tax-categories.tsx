import { type FormEvent, useRef, useState } from "react";
import { Pencil, Star, Trash2 } from "lucide-react";
import { secondaryButtonClass } from "~/components/layout/status-screen";
import { type Errors, FormError, noErrors, smallButtonClass, TextInput, useFocusFirstError, useStaffCall } from "./staff-form-kit";

export interface TaxCategoryRow {
  id: number;
  name: string;
  stripeTaxCode: string | null;
  isDefault: boolean;
  products: number;
}

/** A category's name and Stripe tax code, new or changed. */
function CategoryForm({ category, onSaved }: { category?: TaxCategoryRow; onSaved?: () => void }) {
  const { call, busy } = useStaffCall();
  const form = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<Errors>(noErrors);
  useFocusFirstError(form, errors);
  const id = category ? `tax-category-${category.id}` : "new-tax-category";
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const body = { name: String(data.get("name") ?? "").trim(), stripeTaxCode: String(data.get("code") ?? "").trim() || null };
    const failed = await call(category ? "PATCH" : "POST", category ? `/api/admin/tax/categories/${category.id}` : "/api/admin/tax/categories", body, category ? `${body.name} saved` : `Category ${body.name} added`);
    setErrors(failed ?? noErrors);
    if (failed) return;
    if (!category) form.current?.reset();
    onSaved?.();
  }
  return (
    <form ref={form} onSubmit={submit} aria-label={category ? `Edit ${category.name}` : "New tax category"} noValidate className="grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-start">
      <TextInput id={`${id}-name`} name="name" label={category ? "Name" : "New category"} defaultValue={category?.name} maxLength={60} error={errors.fields.name} />
      <TextInput id={`${id}-code`} name="code" label="Stripe tax code" defaultValue={category?.stripeTaxCode ?? ""} placeholder="txcd_30011000" hint="Used when Stripe Tax works out the tax" error={errors.fields.stripeTaxCode} />
      <button type="submit" disabled={busy} className={`${secondaryButtonClass} h-10 sm:mt-6`}>
        {category ? "Save" : "Add category"}
      </button>
      <div className="sm:col-span-3">
        <FormError id={`${id}-error`} message={errors.form} />
      </div>
    </form>
  );
}

function CategoryItem({ category }: { category: TaxCategoryRow }) {
  const { call, busy } = useStaffCall();
  const [editing, setEditing] = useState(false);
  async function remove() {
    const products = category.products ? ` Its ${category.products} ${category.products === 1 ? "product is" : "products are"} taxed as the default category from now on, and its own rates are deleted.` : " Its own rates are deleted.";
    if (!window.confirm(`Delete the tax category ${category.name}?${products}`)) return;
    await call("DELETE", `/api/admin/tax/categories/${category.id}`, undefined, `${category.name} deleted`, { toastError: true });
  }
  const makeDefault = () => call("PATCH", `/api/admin/tax/categories/${category.id}`, { isDefault: true }, `${category.name} is the default category`, { toastError: true });
  return (
    <li className="px-3 py-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="text-sm">
          <p>
            <span className="font-semibold">{category.name}</span>
            {category.isDefault && <span className="ml-2 rounded-full bg-ink px-2 py-0.5 text-xs font-semibold text-surface">Default</span>}
          </p>
          <p className="text-ink-muted">
            {category.products} {category.products === 1 ? "product" : "products"}
            {category.isDefault && " (with those that have no category)"} · {category.stripeTaxCode ?? "no Stripe tax code"}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          {!category.isDefault && (
            <button type="button" onClick={makeDefault} disabled={busy} className={smallButtonClass}>
              <Star aria-hidden="true" className="size-4" />
              Make default<span className="sr-only"> {category.name}</span>
            </button>
          )}
          <button type="button" onClick={() => setEditing((open) => !open)} aria-expanded={editing} className={smallButtonClass}>
            <Pencil aria-hidden="true" className="size-4" />
            Edit<span className="sr-only"> {category.name}</span>
          </button>
          <button type="button" onClick={remove} disabled={busy || category.isDefault} title={category.isDefault ? "Make another category the default first" : undefined} className={smallButtonClass}>
            <Trash2 aria-hidden="true" className="size-4" />
            Delete<span className="sr-only"> {category.name}</span>
          </button>
        </div>
      </div>
      {editing && (
        <div className="mt-3">
          <CategoryForm category={category} onSaved={() => setEditing(false)} />
        </div>
      )}
    </li>
  );
}

/** What products can be taxed as; one is the default (a product without a category is taxed as it). */
export function TaxCategories({ categories }: { categories: TaxCategoryRow[] }) {
  return (
    <section aria-labelledby="tax-categories-title" className="rounded-2xl border border-line p-4 sm:p-5">
      <h2 id="tax-categories-title" className="font-display text-xl font-bold">
        Tax categories
      </h2>
      <p className="mt-1 text-sm text-ink-muted">Each product is in one (chosen in the product editor); a zone can give a category its own rate, else it pays the zone's rate for all categories.</p>
      <ul aria-label="Tax categories" className="mt-4 divide-y divide-line rounded-xl border border-line">
        {categories.map((c) => (
          <CategoryItem key={`${c.id}-${c.name}-${c.isDefault}-${c.stripeTaxCode}`} category={c} />
        ))}
      </ul>
      <div className="mt-4">
        <CategoryForm />
      </div>
    </section>
  );
}
