import type { ReactNode, TextareaHTMLAttributes } from "react";
import { cn } from "~/lib/cn";
import { sentence } from "~/components/admin/staff-form-kit";

/** "2026-12-21T18:00" in UTC for a datetime-local input: the staff area shows and takes times in UTC (like the VSOP drop page). */
export const toUtcInput = (iso: string | null) => (iso ? iso.slice(0, 16) : "");
export const fromUtcInput = (value: string) => (value ? new Date(`${value}:00Z`).toISOString() : null);
/** "Dec 21, 2026, 18:00 UTC" */
export const utcLabel = (iso: string) => `${new Date(iso).toLocaleString("en-US", { timeZone: "UTC", dateStyle: "medium", timeStyle: "short", hourCycle: "h23" })} UTC`;

/** A labelled textarea with its hint and error under it, like staff-form-kit's TextInput. */
export function TextAreaInput({ id, label, hint, error, className, ...area }: { id: string; label: string; hint?: ReactNode; error?: string } & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const described = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(" ") || undefined;
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      <textarea id={id} aria-invalid={error ? true : undefined} aria-describedby={described} {...area} className={cn("mt-1 w-full rounded-xl border bg-surface px-3 py-2 text-sm", error ? "border-red-600 dark:border-red-400" : "border-line")} />
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-ink-muted">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-700 dark:text-red-400">
          {sentence(error)}
        </p>
      )}
    </div>
  );
}

/** A small pill naming a state ("Hidden", "Scheduled"); the tone keeps AA contrast in both themes. */
export function Pill({ tone = "muted", children }: { tone?: "muted" | "good" | "warn"; children: ReactNode }) {
  const tones = {
    muted: "bg-surface-muted text-ink-muted",
    good: "bg-green-100 text-green-900 dark:bg-green-950 dark:text-green-200",
    warn: "bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200",
  };
  return <span className={cn("inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold", tones[tone])}>{children}</span>;
}
