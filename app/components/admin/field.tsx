import type { ReactNode } from "react";

/** A label over a staff form control, and an optional hint under it (id `{id}-hint`, for aria-describedby). */
export function Field({ id, label, hint, children }: { id: string; label: string; hint?: string; children: ReactNode }) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      {children}
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-ink-muted">
          {hint}
        </p>
      )}
    </div>
  );
}

/** The staff forms' text input look. */
export const fieldInputClass = "mt-1 h-10 w-full rounded-xl border border-line bg-surface px-3 text-sm";
