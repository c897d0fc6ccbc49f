import { Save } from "lucide-react";
import { type FormEvent, useRef, useState } from "react";
import { useNavigate, useRevalidator } from "react-router";
import type { DropStaffJson } from "../../../../server/drops/drop-staff-json";
import { defaultDropPage } from "../../../../shared/drop-page";
import { DropPageEditor, type BlockDraft } from "~/components/admin/drops/drop-page-editor";
import { DropProductPicker, type PickedProduct } from "~/components/admin/drops/drop-product-picker";
import { FormError, noErrors, TextInput, useFocusFirstError, type Errors } from "~/components/admin/staff-form-kit";
import { buttonClass } from "~/components/layout/status-screen";
import { ApiError, apiRequest } from "~/lib/api";
import { fieldErrors } from "~/lib/field-errors";
import { toast } from "~/lib/toast";
import { fromUtcInput, toUtcInput } from "~/lib/utc-time";

export type EditableDrop = DropStaffJson & { products: PickedProduct[] };

const DATES = [
  ["announceAt", "Announced", "The page and products show, with a countdown; nothing can be bought yet."],
  ["earlyAccessAt", "Early access (optional)", "Subscribers holding an early-access link may buy. Empty: no early access."],
  ["opensAt", "Opens", "Everyone may buy."],
  ["preorderClosesAt", "Pre-orders close", "The drop ends."],
  ["shipsAt", "Ships", "The date every “Ships …” line shows."],
] as const;
type DateField = (typeof DATES)[number][0];

const slugOf = (name: string) =>
  name
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60);
const numberOrNull = (value: string) => (value.trim() === "" ? null : Number(value));

/** The drop's fields, products and landing page, saved at once (POST for a new drop, PATCH for a saved one). */
export function DropForm({ drop }: { drop: EditableDrop | null }) {
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const [name, setName] = useState(drop?.name ?? "");
  const [slug, setSlug] = useState(drop?.slug ?? "");
  const [slugTouched, setSlugTouched] = useState(drop !== null);
  const [dates, setDates] = useState<Record<DateField, string>>(() => Object.fromEntries(DATES.map(([f]) => [f, toUtcInput(drop?.[f] ?? null)])) as Record<DateField, string>);
  const [perProduct, setPerProduct] = useState(String(drop?.perCustomerLimit.perProduct ?? ""));
  const [perDrop, setPerDrop] = useState(String(drop?.perCustomerLimit.perDrop ?? ""));
  const [freeShipping, setFreeShipping] = useState(drop?.freeShipping ?? true);
  const [limitedQuantities, setLimitedQuantities] = useState(drop?.limitedQuantities ?? true);
  const [admitPerMinute, setAdmitPerMinute] = useState(String(drop?.admitPerMinute ?? ""));
  const [checkoutMinutes, setCheckoutMinutes] = useState(String(drop?.checkoutMinutes ?? 10));
  const [products, setProducts] = useState<PickedProduct[]>(drop?.products ?? []);
  const [blocks, setBlocks] = useState<BlockDraft[]>(() => (drop?.page ?? defaultDropPage()).map((b, i) => ({ key: `p${i}`, type: b.type, settings: b.settings })));
  const [errors, setErrors] = useState<Errors>(noErrors);
  const [busy, setBusy] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  useFocusFirstError(form, errors);
  const error = (field: string) => errors.fields[field];
  const changed = <T,>(set: (v: T) => void) => (v: T) => {
    set(v);
    setErrors(noErrors);
  };

  async function save(event: FormEvent) {
    event.preventDefault();
    const body = {
      name,
      slug,
      productIds: products.map((p) => p.id),
      ...Object.fromEntries(DATES.map(([f]) => [f, fromUtcInput(dates[f])])),
      perCustomerLimit: { perProduct: numberOrNull(perProduct), perDrop: numberOrNull(perDrop) },
      freeShipping,
      limitedQuantities,
      admitPerMinute: numberOrNull(admitPerMinute),
      checkoutMinutes: numberOrNull(checkoutMinutes),
      page: blocks.map(({ type, settings }) => ({ type, settings })),
    };
    setBusy(true);
    try {
      if (drop) {
        await apiRequest("PATCH", `/api/admin/drops/${drop.id}`, body);
        toast.success(`${name} saved`, { description: "The storefront shows the change now." });
        await revalidator.revalidate();
      } else {
        const created = await apiRequest<{ id: number }>("POST", "/api/admin/drops", body);
        toast.success(`${name} created`);
        navigate(`/admin/drops/${created.id}`);
      }
    } catch (failure) {
      setErrors(fieldErrors(failure instanceof ApiError ? failure.detail : "Couldn't save. Please try again."));
    } finally {
      setBusy(false);
    }
  }

  const pageError = (path: string) => (path === "" ? error("page") : error(`page.${path}`));
  const refusedBlock = Number(Object.keys(errors.fields).map((f) => /^page\.(\d+)\./.exec(f)?.[1]).find((i) => i !== undefined) ?? -1);
  return (
    <form ref={form} onSubmit={save} noValidate className="space-y-10">
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-3 font-display text-xl font-bold">The drop</legend>
        <TextInput
          id="drop-name"
          label="Name"
          required
          maxLength={120}
          value={name}
          onChange={(e) => {
            changed(setName)(e.target.value);
            if (!slugTouched) setSlug(slugOf(e.target.value));
          }}
          error={error("name")}
        />
        <TextInput
          id="drop-slug"
          label="Address"
          required
          maxLength={60}
          value={slug}
          onChange={(e) => {
            setSlugTouched(true);
            changed(setSlug)(e.target.value);
          }}
          hint={`The page is /drops/${slug || "{slug}"}.`}
          error={error("slug")}
        />
      </fieldset>

      <fieldset className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <legend className="mb-1 font-display text-xl font-bold">Schedule</legend>
        <p className="text-sm text-ink-muted sm:col-span-2 lg:col-span-3">All times are in UTC (Coordinated Universal Time). The store changes what it shows at each one, with no click.</p>
        {DATES.map(([field, label, hint]) => (
          <TextInput
            key={field}
            id={`drop-${field}`}
            label={`${label}, UTC`}
            type="datetime-local"
            required={field !== "earlyAccessAt"}
            value={dates[field]}
            onChange={(e) => changed(setDates)({ ...dates, [field]: e.target.value })}
            hint={hint}
            error={error(field)}
          />
        ))}
      </fieldset>

      <fieldset className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <legend className="mb-1 font-display text-xl font-bold">Limits and the waiting room</legend>
        <TextInput id="drop-per-product" label="Per customer, each product" type="number" inputMode="numeric" min={1} max={99} value={perProduct} onChange={(e) => changed(setPerProduct)(e.target.value)} hint="Units of one product. Empty: no limit." error={error("perCustomerLimit.perProduct")} />
        <TextInput id="drop-per-drop" label="Per customer, whole drop" type="number" inputMode="numeric" min={1} max={999} value={perDrop} onChange={(e) => changed(setPerDrop)(e.target.value)} hint="Units in all. Empty: no limit." error={error("perCustomerLimit.perDrop")} />
        <TextInput id="drop-admit" label="Shoppers let in a minute" type="number" inputMode="numeric" min={1} max={100000} value={admitPerMinute} onChange={(e) => changed(setAdmitPerMinute)(e.target.value)} hint="While more arrive, new visitors wait in line. Empty: no line." error={error("admitPerMinute")} />
        <TextInput id="drop-checkout-minutes" label="Minutes to check out" type="number" inputMode="numeric" min={1} max={120} value={checkoutMinutes} onChange={(e) => changed(setCheckoutMinutes)(e.target.value)} hint="After being let in, or with an early-access link." error={error("checkoutMinutes")} />
        <label className="flex items-start gap-3 text-sm sm:col-span-2">
          <input type="checkbox" checked={freeShipping} onChange={(e) => changed(setFreeShipping)(e.target.checked)} className="mt-0.5 size-5 accent-current" />
          <span>
            <span className="font-medium">Free shipping on the drop's pre-orders</span>
            <span className="block text-ink-muted">An order holding a piece of this drop ships free.</span>
          </span>
        </label>
        <label className="flex items-start gap-3 text-sm sm:col-span-2">
          <input type="checkbox" checked={limitedQuantities} onChange={(e) => changed(setLimitedQuantities)(e.target.checked)} className="mt-0.5 size-5 accent-current" />
          <span>
            <span className="font-medium">Limited quantities</span>
            <span className="block text-ink-muted">The page says the run is limited and shows how much is pre-ordered.</span>
          </span>
        </label>
      </fieldset>

      <DropProductPicker picked={products} onChange={changed(setProducts)} error={error("productIds")} />
      <DropPageEditor blocks={blocks} onChange={changed(setBlocks)} error={pageError} refused={refusedBlock} />

      <div className="flex flex-wrap items-center gap-3 border-t border-line pt-6">
        <button type="submit" disabled={busy} className={`${buttonClass} disabled:opacity-60`}>
          <Save aria-hidden="true" className="size-4" />
          {busy ? "Saving..." : drop ? "Save drop" : "Create drop"}
        </button>
        <FormError id="drop-form-error" message={errors.form} />
      </div>
    </form>
  );
}
