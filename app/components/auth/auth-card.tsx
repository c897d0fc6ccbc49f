import type { ReactNode } from "react";
import { Link } from "react-router";

export function AuthCard({ title, subtitle, children }: { title: string; subtitle: string; children: ReactNode }) {
  return (
    <section className="container-page grid min-h-[60vh] place-items-center py-12">
      <div className="w-full max-w-md rounded-3xl border border-line bg-surface-raised p-8 shadow-xl shadow-black/5">
        <h1 className="font-display text-3xl font-bold tracking-tight">{title}</h1>
        <p className="mt-2 text-ink-muted">{subtitle}</p>
        <div className="mt-8">{children}</div>
      </div>
    </section>
  );
}

/** The switch between sign-in and sign-up, and the way back to the shop. */
export function AuthLinks({ prompt, to, label }: { prompt: string; to: string; label: string }) {
  return (
    <>
      <p className="mt-6 text-center text-sm text-ink-muted">
        {prompt}{" "}
        <Link to={to} className="font-semibold text-ink underline">
          {label}
        </Link>
      </p>
      <p className="mt-2 text-center text-sm">
        <Link to="/" className="text-ink-muted underline hover:text-ink">
          Back to shopping
        </Link>
      </p>
    </>
  );
}
