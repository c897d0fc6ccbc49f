import { useEffect, useState } from "react";
import { Plus, Trash2, Undo2 } from "lucide-react";
import { apiRequest } from "~/lib/api";
import { formatPrice } from "~/lib/money";
import { secondaryButtonClass } from "~/components/layout/status-screen";
import { fieldInputClass } from "./field";

export interface VariantOption {
  id: number;
  color: string;
  size: string;
  price: number;
  available: number;
}

/** A line of the order as the editor holds it: the variant chosen, the quantity, removed or not. */
export interface LineDraft {
  lineId: number;
  name: string;
  variantId: number | null;
  originalVariantId: number | null;
  quantity: number;
  originalQuantity: number;
  removed: boolean;
  options: VariantOption[];
}

export interface AddedLine {
  key: string;
  name: string;
  variantId: number;
  quantity: number;
  options: VariantOption[];
}

const optionLabel = (o: VariantOption, current: boolean) => `${o.color}, size ${o.size}${current ? " (on the order)" : o.available === 0 ? " (sold out)" : ` (${o.available} left)`}`;

/** The product's variants with what each has free to sell (the storefront's product answer). */
export async function loadVariants(productId: number): Promise<VariantOption[]> {
  const product = await apiRequest<{ variants: VariantOption[] }>("GET", `/api/products/${productId}`);
  return product.variants;
}

/** One line of the order: swap its size or colour, change its quantity, or remove it. */
export function LineRow({ line, onChange }: { line: LineDraft; onChange: (next: LineDraft) => void }) {
  const id = `edit-line-${line.lineId}`;
  return (
    <li className={`rounded-xl border border-line p-3 ${line.removed ? "bg-surface-muted" : ""}`}>
      <div className="flex items-start justify-between gap-3">
        <p className={`font-medium ${line.removed ? "text-ink-muted line-through" : ""}`}>{line.name}</p>
        <button type="button" onClick={() => onChange({ ...line, removed: !line.removed })} className={`${secondaryButtonClass} h-9 shrink-0 px-3 text-sm`} aria-label={line.removed ? `Keep ${line.name}` : `Remove ${line.name}`}>
          {line.removed ? <Undo2 aria-hidden="true" className="size-4" /> : <Trash2 aria-hidden="true" className="size-4" />}
          {line.removed ? "Keep" : "Remove"}
        </button>
      </div>
      {!line.removed && (
        <div className="mt-2 grid gap-3 sm:grid-cols-[1fr_6rem]">
          <div>
            <label htmlFor={`${id}-variant`} className="block text-sm font-medium">
              Colour and size
            </label>
            <select id={`${id}-variant`} value={line.variantId ?? ""} onChange={(e) => onChange({ ...line, variantId: Number(e.target.value) })} className={fieldInputClass}>
              {line.options.map((o) => (
                <option key={o.id} value={o.id} disabled={o.available === 0 && o.id !== line.originalVariantId}>
                  {optionLabel(o, o.id === line.originalVariantId)}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor={`${id}-quantity`} className="block text-sm font-medium">
              Quantity
            </label>
            <input id={`${id}-quantity`} type="number" inputMode="numeric" min={1} max={99} required value={line.quantity} onChange={(e) => onChange({ ...line, quantity: Number(e.target.value) })} className={`${fieldInputClass} tabular-nums`} />
          </div>
        </div>
      )}
    </li>
  );
}

/** Finds a product by name (the storefront's suggestions), then one of its variants and a quantity, to add a line. */
export function AddLine({ onAdd }: { onAdd: (line: AddedLine) => void }) {
  const [q, setQ] = useState("");
  const [found, setFound] = useState<{ id: number; name: string; price: number }[]>([]);
  const [product, setProduct] = useState<{ id: number; name: string; options: VariantOption[] } | null>(null);
  const [variantId, setVariantId] = useState<number | null>(null);
  const [quantity, setQuantity] = useState(1);
  useEffect(() => {
    if (q.trim().length < 2) return;
    const timer = setTimeout(() => {
      apiRequest<{ products: { id: number; name: string; price: number }[] }>("GET", `/api/search/suggest?q=${encodeURIComponent(q.trim())}`)
        .then((s) => setFound(s.products))
        .catch(() => setFound([]));
    }, 250);
    return () => clearTimeout(timer);
  }, [q]);
  async function choose(p: { id: number; name: string }) {
    const options = await loadVariants(p.id);
    setProduct({ ...p, options });
    setVariantId(options.find((o) => o.available > 0)?.id ?? null);
    setFound([]);
    setQ("");
  }
  return (
    <div className="rounded-xl border border-dashed border-line p-3">
      {product ? (
        <div className="grid gap-3 sm:grid-cols-[1fr_6rem]">
          <p className="font-medium sm:col-span-2">{product.name}</p>
          <div>
            <label htmlFor="edit-add-variant" className="block text-sm font-medium">
              Colour and size
            </label>
            <select id="edit-add-variant" value={variantId ?? ""} onChange={(e) => setVariantId(Number(e.target.value))} className={fieldInputClass}>
              {product.options.map((o) => (
                <option key={o.id} value={o.id} disabled={o.available === 0}>
                  {optionLabel(o, false)} · {formatPrice(o.price)}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor="edit-add-quantity" className="block text-sm font-medium">
              Quantity
            </label>
            <input id="edit-add-quantity" type="number" inputMode="numeric" min={1} max={99} value={quantity} onChange={(e) => setQuantity(Number(e.target.value))} className={`${fieldInputClass} tabular-nums`} />
          </div>
          <div className="flex gap-2 sm:col-span-2">
            <button
              type="button"
              disabled={variantId === null}
              onClick={() => {
                onAdd({ key: `${variantId}-${Date.now()}`, name: product.name, variantId: variantId!, quantity, options: product.options });
                setProduct(null);
                setQuantity(1);
              }}
              className={`${secondaryButtonClass} h-10 disabled:opacity-50`}
            >
              <Plus aria-hidden="true" className="size-4" />
              Add this line
            </button>
            <button type="button" onClick={() => setProduct(null)} className="h-10 px-3 text-sm underline">
              Cancel
            </button>
          </div>
        </div>
      ) : (
        <div>
          <label htmlFor="edit-add-search" className="block text-sm font-medium">
            Add a product
          </label>
          <input id="edit-add-search" type="search" autoComplete="off" placeholder="Search by name" value={q} onChange={(e) => {
              setQ(e.target.value);
              if (e.target.value.trim().length < 2) setFound([]);
            }} className={fieldInputClass} aria-describedby="edit-add-search-hint" />
          <p id="edit-add-search-hint" className="mt-1 text-xs text-ink-muted">
            Type two letters or more, then choose the product.
          </p>
          {found.length > 0 && (
            <ul aria-label="Products found" className="mt-2 divide-y divide-line rounded-xl border border-line">
              {found.map((p) => (
                <li key={p.id}>
                  <button type="button" onClick={() => void choose(p)} className="flex w-full items-center justify-between gap-3 px-3 py-2 text-left text-sm hover:bg-surface-muted focus-visible:bg-surface-muted">
                    <span>{p.name}</span>
                    <span className="tabular-nums text-ink-muted">{formatPrice(p.price)}</span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}
