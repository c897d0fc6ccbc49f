import type { ReactNode } from "react";

/** A centred message screen for not-found and error states. */
export function StatusScreen({ eyebrow, title, children }: { eyebrow?: string; title: string; children?: ReactNode }) {
  return (
    <section className="container-page grid min-h-[55vh] place-items-center py-16 text-center">
      <div className="max-w-lg">
        {eyebrow && <p className="text-sm font-semibold uppercase tracking-[0.3em] text-brand-700 dark:text-brand-500">{eyebrow}</p>}
        <h1 className="mt-3 font-display text-3xl font-bold tracking-tight sm:text-4xl">{title}</h1>
        <div className="mt-4 text-ink-muted">{children}</div>
      </div>
    </section>
  );
}

export { buttonClass, secondaryButtonClass } from "~/lib/button-classes";
