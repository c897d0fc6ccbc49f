import type { SelectHTMLAttributes } from "react";
import { cn } from "~/lib/cn";

/**
 * A label over a select of `options` (value, text), with an optional first choice for "none" (`empty`, value "").
 * Other props (name, value, defaultValue, onChange) go to the select.
 */
export function LabelledSelect({ id, label, options, empty, small = false, ...select }: { id: string; label: string; options: readonly (readonly [string, string])[]; empty?: string; small?: boolean } & SelectHTMLAttributes<HTMLSelectElement>) {
  return (
    <div>
      <label htmlFor={id} className={cn("block font-medium", small ? "text-xs" : "text-sm")}>
        {label}
      </label>
      <select id={id} {...select} className={cn("mt-1 border border-line bg-surface text-sm", small ? "h-9 rounded-lg px-2" : "h-10 rounded-xl px-3")}>
        {empty !== undefined && <option value="">{empty}</option>}
        {options.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
}
