import { ArrowDown, ArrowUp, Plus, X } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { StatusBadge } from "~/components/admin/status-badge";
import { smallButtonClass } from "~/components/admin/staff-form-kit";
import { apiRequest } from "~/lib/api";
import { cn } from "~/lib/cn";

export interface PickedProduct {
  id: number;
  name: string;
  status: "active" | "draft" | "archived";
}
interface Found extends PickedProduct {
  handle: string;
  drops: string[];
}

/**
 * The drop's products: a search of the whole catalogue (drafts included: a drop may announce pieces not yet on sale)
 * and the chosen list, in the order the drop page shows them.
 */
export function DropProductPicker({ picked, onChange, error }: { picked: PickedProduct[]; onChange: (next: PickedProduct[]) => void; error?: string }) {
  const id = useId();
  const [q, setQ] = useState("");
  const [found, setFound] = useState<Found[] | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let stale = false;
    // A short pause after typing, so a word is one search rather than one per letter.
    const timer = setTimeout(() => {
      apiRequest<{ products: Found[] }>("GET", `/api/admin/drops/products?q=${encodeURIComponent(q.trim())}`)
        .then((res) => !stale && (setFound(res.products), setFailed(false)))
        .catch(() => !stale && setFailed(true));
    }, 250);
    return () => {
      stale = true;
      clearTimeout(timer);
    };
  }, [q]);
  const chosen = new Set(picked.map((p) => p.id));
  const move = (i: number, by: -1 | 1) => {
    const next = [...picked];
    [next[i], next[i + by]] = [next[i + by]!, next[i]!];
    onChange(next);
  };

  return (
    <fieldset className="space-y-3" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="font-display text-xl font-bold">Products</legend>
      {error && (
        <p id={`${id}-error`} className="text-sm font-medium text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
      {picked.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-line p-4 text-center text-sm text-ink-muted">No products yet: find them below.</p>
      ) : (
        <ol className="divide-y divide-line rounded-2xl border border-line" aria-label="The drop's products">
          {picked.map((p, i) => (
            <li key={p.id} className="flex flex-wrap items-center gap-3 p-3">
              <span className="min-w-0 flex-1 font-medium">
                {p.name} <StatusBadge status={p.status} />
              </span>
              <div className="flex gap-2">
                <button type="button" onClick={() => move(i, -1)} disabled={i === 0} className={smallButtonClass}>
                  <ArrowUp aria-hidden="true" className="size-4" />
                  <span className="sr-only">Move {p.name} up</span>
                </button>
                <button type="button" onClick={() => move(i, 1)} disabled={i === picked.length - 1} className={smallButtonClass}>
                  <ArrowDown aria-hidden="true" className="size-4" />
                  <span className="sr-only">Move {p.name} down</span>
                </button>
                <button type="button" onClick={() => onChange(picked.filter((x) => x.id !== p.id))} className={smallButtonClass}>
                  <X aria-hidden="true" className="size-4" />
                  Remove<span className="sr-only"> {p.name}</span>
                </button>
              </div>
            </li>
          ))}
        </ol>
      )}
      <div>
        <label htmlFor={`${id}-q`} className="block text-sm font-medium">
          Find products
        </label>
        <input id={`${id}-q`} type="search" value={q} onChange={(e) => setQ(e.target.value)} placeholder="Name or handle" className="mt-1 h-10 w-full rounded-xl border border-line bg-surface px-3 text-sm" aria-describedby={`${id}-found`} />
        <p id={`${id}-found`} role="status" className="mt-1 text-xs text-ink-muted">
          {failed ? "Couldn't search the catalogue. Try again." : found === null ? "Searching…" : found.length === 0 ? "No product matches." : `${found.length} product${found.length === 1 ? "" : "s"} shown${found.length === 20 ? " (the first 20: type more to narrow)" : ""}.`}
        </p>
        {found && found.length > 0 && (
          <ul className="mt-2 max-h-72 divide-y divide-line overflow-y-auto rounded-2xl border border-line">
            {found.map((p) => (
              <li key={p.id} className="flex flex-wrap items-center gap-3 p-3">
                <span className="min-w-0 flex-1">
                  <span className="font-medium">{p.name}</span> <StatusBadge status={p.status} />
                  {p.drops.length > 0 && <span className="block text-xs text-ink-muted">In {p.drops.join(", ")}</span>}
                </span>
                <button type="button" disabled={chosen.has(p.id)} onClick={() => onChange([...picked, { id: p.id, name: p.name, status: p.status }])} className={cn(smallButtonClass)}>
                  <Plus aria-hidden="true" className="size-4" />
                  {chosen.has(p.id) ? "Added" : "Add"}
                  <span className="sr-only"> {p.name}</span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </fieldset>
  );
}
