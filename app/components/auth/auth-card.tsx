import type { ReactNode } from "react";

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
