import { CheckCircle2 } from "lucide-react";
import { type FormEvent, useState } from "react";
import type { Route } from "./+types/contact";
import { CONTACT_TOPICS, contactSchema } from "../../server/content/contact-schemas";
import { TextField } from "~/components/checkout/text-field";
import { buttonClass } from "~/components/layout/status-screen";
import { apiRequest, ApiError } from "~/lib/api";
import { pageTitle, seo } from "~/lib/seo";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({ title: pageTitle(matches, "Contact Us"), description: "Questions about an order, sizing, returns or VSOP pre-orders? Write to us; we answer within two business days.", path: "/contact", matches });

const empty = { name: "", email: "", topic: "", orderNumber: "", message: "" };

export default function Contact() {
  const [form, setForm] = useState(empty);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState<string | null>(null);
  const set = (key: keyof typeof empty) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [key]: e.target.value }));
  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = contactSchema.safeParse({ ...form, orderNumber: form.orderNumber || undefined });
    if (!parsed.success) return setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
    setErrors({});
    setBusy(true);
    try {
      const result = await apiRequest<{ reference: string }>("POST", "/api/contact", parsed.data);
      setSent(result.reference);
      setForm(empty);
    } catch (error) {
      setErrors({ form: error instanceof ApiError ? error.detail : "We couldn't send your message. Please try again." });
    } finally {
      setBusy(false);
    }
  }
  return (
    <div className="container-page grid max-w-5xl gap-10 pb-8 pt-6 md:grid-cols-[1fr_18rem]">
      <div>
        <h1 className="font-display text-4xl font-bold tracking-tight">Contact Us</h1>
        <p className="mt-3 text-ink-muted">We answer within two business days. For an order, include its number (it starts with VS-).</p>
        {sent ? (
          <div role="status" className="mt-8 flex gap-3 rounded-2xl bg-green-50 p-5 text-green-900 dark:bg-green-950 dark:text-green-200">
            <CheckCircle2 aria-hidden="true" className="size-6 shrink-0" />
            <p>
              Thanks, your message is on its way (reference {sent}). We'll reply by email.{" "}
              <button type="button" className="font-semibold underline" onClick={() => setSent(null)}>
                Send another
              </button>
            </p>
          </div>
        ) : (
          <form onSubmit={submit} noValidate className="mt-8 space-y-4">
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField label="Your name" autoComplete="name" required value={form.name} onChange={set("name")} error={errors.name} />
              <TextField label="Email" type="email" autoComplete="email" required value={form.email} onChange={set("email")} error={errors.email} />
            </div>
            <div>
              <label htmlFor="topic" className="block text-sm font-medium">
                Topic
              </label>
              <select
                id="topic"
                required
                value={form.topic}
                onChange={set("topic")}
                aria-invalid={errors.topic ? true : undefined}
                aria-describedby={errors.topic ? "topic-error" : undefined}
                className="mt-1.5 h-11 w-full rounded-xl border border-line bg-surface px-3 text-base"
              >
                <option value="">Choose a topic</option>
                {CONTACT_TOPICS.map((t) => (
                  <option key={t}>{t}</option>
                ))}
              </select>
              {errors.topic && (
                <p id="topic-error" className="mt-1 text-sm text-red-700 dark:text-red-400">
                  {errors.topic}
                </p>
              )}
            </div>
            <TextField label="Order number" placeholder="VS-100123" value={form.orderNumber} onChange={set("orderNumber")} error={errors.orderNumber} />
            <div>
              <label htmlFor="message" className="block text-sm font-medium">
                Message
              </label>
              <textarea
                id="message"
                required
                rows={6}
                value={form.message}
                onChange={set("message")}
                aria-invalid={errors.message ? true : undefined}
                aria-describedby={errors.message ? "message-error" : undefined}
                className="mt-1.5 w-full rounded-xl border border-line bg-surface p-3 text-base"
              />
              {errors.message && (
                <p id="message-error" className="mt-1 text-sm text-red-700 dark:text-red-400">
                  {errors.message}
                </p>
              )}
            </div>
            {errors.form && (
              <p role="alert" className="text-sm text-red-700 dark:text-red-400">
                {errors.form}
              </p>
            )}
            <button type="submit" disabled={busy} className={`${buttonClass} disabled:opacity-60`}>
              {busy ? "Sending..." : "Send message"}
            </button>
          </form>
        )}
      </div>
      <aside className="h-fit space-y-3 rounded-3xl bg-surface-muted p-6 text-sm">
        <h2 className="font-semibold">Good to know</h2>
        <p className="text-ink-muted">Orders ship in 1-2 business days and arrive in 3-5.</p>
        <p className="text-ink-muted">Returns are free within 30 days.</p>
        <p className="text-ink-muted">Shipping is free over $50 and on every VSOP pre-order.</p>
      </aside>
    </div>
  );
}
