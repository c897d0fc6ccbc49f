import { type InputHTMLAttributes, type ReactNode, type RefObject, type SelectHTMLAttributes, type TextareaHTMLAttributes, useEffect, useRef, useState } from "react";
import { Plus, X } from "lucide-react";
import { useRevalidator } from "react-router";
import { ApiError, apiRequest } from "~/lib/api";
import { cn } from "~/lib/cn";
import { fieldErrors } from "~/lib/field-errors";
import { toast } from "~/lib/toast";

export type Errors = { fields: Record<string, string>; form: string | null };
export const noErrors: Errors = { fields: {}, form: null };

/**
 * Sends one staff change, says so in a toast and reloads the page's data. A refusal comes back as errors for the
 * form to show under its fields (or, for a lone button, as a toast).
 */
export function useStaffCall() {
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);
  async function call(method: "POST" | "PATCH" | "PUT" | "DELETE", path: string, body: unknown, done: string, { toastError = false } = {}): Promise<Errors | null> {
    setBusy(true);
    try {
      await apiRequest(method, path, body);
      toast.success(done);
      await revalidator.revalidate();
      return null;
    } catch (error) {
      const message = error instanceof ApiError ? error.detail : "Couldn't save. Please try again.";
      if (toastError) toast.error("Couldn't save", { description: message });
      return fieldErrors(message);
    } finally {
      setBusy(false);
    }
  }
  return { call, busy };
}

/** Server messages start in lower case ("must not be negative"); shown on their own, they start a sentence. */
export const sentence = (message: string) => message.charAt(0).toUpperCase() + message.slice(1);

const controlClass = (error?: string) => cn("mt-1 h-10 w-full rounded-xl border bg-surface px-3 text-sm", error ? "border-red-600 dark:border-red-400" : "border-line");
const describedBy = (id: string, hint?: ReactNode, error?: string) => [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(" ") || undefined;

function Under({ id, hint, error }: { id: string; hint?: ReactNode; error?: string }) {
  return (
    <>
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
    </>
  );
}

/** A labelled input with its hint and its error under it, both read with it (aria-describedby). */
export function TextInput({ id, label, hint, error, className, ...input }: { id: string; label: string; hint?: ReactNode; error?: string } & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      <input id={id} aria-invalid={error ? true : undefined} aria-describedby={describedBy(id, hint, error)} {...input} className={controlClass(error)} />
      <Under id={id} hint={hint} error={error} />
    </div>
  );
}

/** A labelled textarea with its hint and its error under it, like TextInput. */
export function TextAreaInput({ id, label, hint, error, className, ...area }: { id: string; label: ReactNode; hint?: ReactNode; error?: string } & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      <textarea id={id} aria-invalid={error ? true : undefined} aria-describedby={describedBy(id, hint, error)} {...area} className={cn(controlClass(error), "h-auto py-2")} />
      <Under id={id} hint={hint} error={error} />
    </div>
  );
}

/** A labelled select of (value, text) options, with its hint and error like TextInput. */
export function SelectInput({ id, label, hint, error, options, className, ...select }: { id: string; label: string; hint?: ReactNode; error?: string; options: readonly (readonly [string, string])[] } & SelectHTMLAttributes<HTMLSelectElement>) {
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      <select id={id} aria-invalid={error ? true : undefined} aria-describedby={describedBy(id, hint, error)} {...select} className={controlClass(error)}>
        {options.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </select>
      <Under id={id} hint={hint} error={error} />
    </div>
  );
}

/** The form's own error (one that names no field), announced when it appears. */
export function FormError({ id, message }: { id: string; message: string | null }) {
  if (!message) return null;
  return (
    <p id={id} role="alert" className="mt-3 text-sm font-medium text-red-700 dark:text-red-400">
      {sentence(message)}
    </p>
  );
}

export const smallButtonClass = "inline-flex h-9 items-center justify-center gap-1.5 rounded-lg border border-line px-3 text-xs font-semibold hover:border-ink disabled:opacity-40";

/** Moves focus to the first field the server refused, once its error shows (keyboard and screen-reader users land on it). */
export function useFocusFirstError(form: RefObject<HTMLElement | null>, errors: Errors) {
  useEffect(() => {
    if (Object.keys(errors.fields).length === 0) return;
    form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [form, errors]);
}

/**
 * A button that opens a form under it (and closes it again), so a long page shows each form only when asked; the
 * form's first field takes the focus when it opens.
 */
export function Reveal({ id, label, children }: { id: string; label: ReactNode; children: (close: () => void) => ReactNode }) {
  const [open, setOpen] = useState(false);
  const panel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (open) panel.current?.querySelector<HTMLElement>("input, select")?.focus();
  }, [open]);
  return (
    <div>
      <button type="button" onClick={() => setOpen((o) => !o)} aria-expanded={open} aria-controls={id} className={smallButtonClass}>
        {open ? <X aria-hidden="true" className="size-4" /> : <Plus aria-hidden="true" className="size-4" />}
        {open ? "Cancel" : label}
      </button>
      <div id={id} ref={panel} hidden={!open} className="mt-3">
        {open && children(() => setOpen(false))}
      </div>
    </div>
  );
}
