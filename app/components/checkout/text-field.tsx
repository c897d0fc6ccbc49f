import { type InputHTMLAttributes, useId } from "react";
import { cn } from "~/lib/cn";

/** A labelled input with its error announced and linked (WCAG: label, aria-invalid, aria-describedby). */
export function TextField({ label, error, className, id: givenId, ...input }: InputHTMLAttributes<HTMLInputElement> & { label: string; error?: string }) {
  const generated = useId();
  const id = givenId ?? generated;
  const errorId = `${id}-error`;
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
        {!input.required && <span className="font-normal text-ink-muted"> (optional)</span>}
      </label>
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        {...input}
        className={cn(
          "mt-1.5 h-11 w-full rounded-xl border bg-surface px-3.5 text-base text-ink placeholder:text-ink-muted focus:border-ink focus:outline-none focus-visible:outline-2",
          error ? "border-red-600" : "border-line",
        )}
      />
      {error && (
        <p id={errorId} className="mt-1 text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}
