import type { FormEvent, ReactNode } from "react";
import { useId } from "react";

/**
 * A labelled code field with its Apply button and its error, announced (the discount code and the gift card share it).
 * `children` follow the error (the discount's offer button).
 */
export function CodeForm(props: { label: string; value: string; onChange: (v: string) => void; onSubmit: (e: FormEvent) => void; disabled: boolean; busy: boolean; error: string | null; placeholder?: string; applyLabel?: string; children?: ReactNode }) {
  const id = useId();
  return (
    <form onSubmit={props.onSubmit}>
      <label htmlFor={id} className="block text-sm font-medium">
        {props.label}
      </label>
      <div className="mt-1.5 flex gap-2">
        <input
          id={id}
          value={props.value}
          onChange={(e) => props.onChange(e.target.value)}
          disabled={props.disabled}
          autoComplete="off"
          spellCheck={false}
          placeholder={props.placeholder}
          aria-invalid={props.error ? true : undefined}
          aria-describedby={props.error ? `${id}-error` : undefined}
          className="h-11 min-w-0 flex-1 rounded-xl border border-line bg-surface px-3.5 text-base uppercase text-ink focus:border-ink focus:outline-none"
        />
        <button type="submit" aria-label={props.busy ? undefined : props.applyLabel} disabled={props.disabled || props.busy} className="h-11 rounded-xl border border-ink px-4 text-sm font-semibold hover:bg-ink hover:text-surface disabled:opacity-50">
          {props.busy ? "Checking..." : "Apply"}
        </button>
      </div>
      <p id={`${id}-error`} role="alert" className="mt-1 text-sm text-red-700 empty:hidden dark:text-red-400">
        {props.error ?? ""}
      </p>
      {props.children}
    </form>
  );
}
