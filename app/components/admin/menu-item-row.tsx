import type { ReactNode } from "react";
import { ArrowDown, ArrowUp, Trash2 } from "lucide-react";
import { cn } from "~/lib/cn";
import { sentence } from "./staff-form-kit";
import { type DraftItem, type MenuTargets, kindName } from "./menu-draft";

const iconButtonClass =
  "inline-flex size-9 items-center justify-center rounded-lg border border-line text-ink hover:border-ink aria-disabled:cursor-not-allowed aria-disabled:opacity-40 aria-disabled:hover:border-line";

/**
 * One item of a menu being edited: its label (renamed in place), what it links to and whether shoppers see it, and
 * buttons to move it up or down and to remove it. Errors the server gave for it show under it.
 */
export function MenuItemRow({
  item,
  targets,
  fieldId,
  place,
  first,
  last,
  badges,
  labelError,
  urlError,
  rowError,
  onChange,
  onMove,
  onRemove,
  children,
}: {
  item: DraftItem;
  targets: MenuTargets;
  fieldId: string;
  /** Where the item sits ("item 3", "link 2 in Shop"): every row's fields have the same visible labels, so their names say which row. */
  place: string;
  first: boolean;
  last: boolean;
  badges: boolean;
  labelError?: string;
  urlError?: string;
  rowError?: string;
  onChange: (change: Partial<DraftItem>) => void;
  onMove: (delta: -1 | 1) => void;
  onRemove: () => void;
  children?: ReactNode;
}) {
  const name = item.label || "this item";
  const group = item.kind === "group";
  const address = item.kind === "url";
  const described = [!address && `${fieldId}-target`, labelError && `${fieldId}-label-error`, rowError && `${fieldId}-error`].filter(Boolean).join(" ") || undefined;
  const of = <span className="sr-only"> of {place}</span>;
  return (
    <li data-invalid={rowError || labelError || urlError ? "" : undefined} className={cn("rounded-xl border bg-surface p-3", rowError || labelError || urlError ? "border-red-600 dark:border-red-400" : "border-line", group && "bg-surface-muted/60")}>
      <div className="flex flex-wrap items-start gap-3">
        <div className="min-w-0 flex-1 basis-56">
          <label htmlFor={`${fieldId}-label`} className="block text-xs font-medium text-ink-muted">
            {group ? "Column heading" : "Label"}
            {of}
          </label>
          <input
            id={`${fieldId}-label`}
            value={item.label}
            maxLength={60}
            onChange={(e) => onChange({ label: e.target.value })}
            aria-invalid={labelError ? true : undefined}
            aria-describedby={described}
            className={cn("mt-1 h-10 w-full rounded-xl border bg-surface px-3 text-sm font-semibold", labelError ? "border-red-600 dark:border-red-400" : "border-line")}
          />
          {!address && (
            <p id={`${fieldId}-target`} className="mt-1.5 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-ink-muted">
              <span className="font-semibold uppercase tracking-wide">{kindName(item, targets)}</span>
              {!group && <span className="break-all">{item.targetTitle ? `${item.targetTitle} · ` : ""}{item.href}</span>}
              {!item.live && <span className="rounded-full bg-amber-100 px-2 py-0.5 font-semibold text-amber-900 dark:bg-amber-950 dark:text-amber-200">Hidden: not live</span>}
            </p>
          )}
          {address && (
            <div className="mt-2">
              <label htmlFor={`${fieldId}-url`} className="block text-xs font-medium text-ink-muted">
                Address
                {of}
              </label>
              <input
                id={`${fieldId}-url`}
                value={item.url ?? ""}
                onChange={(e) => onChange({ url: e.target.value, href: e.target.value })}
                aria-invalid={urlError ? true : undefined}
                aria-describedby={urlError ? `${fieldId}-url-error` : undefined}
                className={cn("mt-1 h-10 w-full rounded-xl border bg-surface px-3 text-sm", urlError ? "border-red-600 dark:border-red-400" : "border-line")}
              />
              {urlError && (
                <p id={`${fieldId}-url-error`} className="mt-1 text-sm font-medium text-red-700 dark:text-red-400">
                  {sentence(urlError)}
                </p>
              )}
            </div>
          )}
          {labelError && (
            <p id={`${fieldId}-label-error`} className="mt-1 text-sm font-medium text-red-700 dark:text-red-400">
              {sentence(labelError)}
            </p>
          )}
          {rowError && (
            <p id={`${fieldId}-error`} className="mt-1 text-sm font-medium text-red-700 dark:text-red-400">
              {sentence(rowError)}
            </p>
          )}
        </div>
        {badges && !group && (
          <div className="w-24">
            <label htmlFor={`${fieldId}-badge`} className="block text-xs font-medium text-ink-muted">
              Badge
              {of}
            </label>
            <input id={`${fieldId}-badge`} value={item.badge ?? ""} maxLength={12} onChange={(e) => onChange({ badge: e.target.value || null })} className="mt-1 h-10 w-full rounded-xl border border-line bg-surface px-3 text-sm" />
          </div>
        )}
        <div className="flex gap-1.5 sm:mt-[1.375rem]">
          <button type="button" aria-label={`Move “${name}” up`} aria-disabled={first || undefined} onClick={() => !first && onMove(-1)} className={iconButtonClass}>
            <ArrowUp aria-hidden="true" className="size-4" />
          </button>
          <button type="button" aria-label={`Move “${name}” down`} aria-disabled={last || undefined} onClick={() => !last && onMove(1)} className={iconButtonClass}>
            <ArrowDown aria-hidden="true" className="size-4" />
          </button>
          <button type="button" aria-label={`Remove “${name}”`} onClick={onRemove} className={cn(iconButtonClass, "text-red-700 dark:text-red-400")}>
            <Trash2 aria-hidden="true" className="size-4" />
          </button>
        </div>
      </div>
      {children}
    </li>
  );
}
