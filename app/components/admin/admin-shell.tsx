import { ChevronRight } from "lucide-react";
import type { ReactNode } from "react";
import { Link, useLocation } from "react-router";
import { adminCrumbs } from "~/lib/admin-sections";

/**
 * A staff page's head inside the staff frame (admin-frame.tsx, rendered once by the admin layout route): the trail
 * (Admin › group › section › page), the title and the page's actions, then the page.
 */
export function AdminShell({ title, actions, children }: { title: string; actions?: ReactNode; children: ReactNode }) {
  const { pathname } = useLocation();
  const crumbs = adminCrumbs(pathname, title);
  return (
    <div className="mx-auto max-w-7xl">
      <nav aria-label="Breadcrumb" className="mb-2">
        <ol className="flex flex-wrap items-center gap-1 text-sm text-ink-muted">
          {crumbs.map((crumb, i) => {
            const last = i === crumbs.length - 1;
            return (
              <li key={`${i}-${crumb.label}`} className="flex items-center gap-1">
                {crumb.href ? (
                  <Link to={crumb.href} className="rounded hover:text-ink hover:underline">
                    {crumb.label}
                  </Link>
                ) : (
                  <span aria-current={last ? "page" : undefined} className={last ? "font-medium text-ink" : undefined}>
                    {crumb.label}
                  </span>
                )}
                {!last && <ChevronRight aria-hidden="true" className="size-3.5" />}
              </li>
            );
          })}
        </ol>
      </nav>
      <header className="mb-6 flex flex-wrap items-center justify-between gap-3">
        <h1 className="font-display text-3xl font-bold tracking-tight">{title}</h1>
        {actions}
      </header>
      {children}
    </div>
  );
}

export const tableClass = "w-full text-left text-sm";
export const thClass = "px-4 py-3 font-semibold";
export const tdClass = "px-4 py-3";

/** A staff table: a focusable, named scroll region (wide tables scroll on phones) with one header row. */
export function AdminTable({ label, headers, children }: { label: string; headers: readonly string[]; children: ReactNode }) {
  return (
    <div className="overflow-x-auto rounded-2xl border border-line" tabIndex={0} role="region" aria-label={label}>
      <table className={tableClass}>
        <thead className="bg-surface-muted">
          <tr>
            {headers.map((h) => (
              <th key={h} scope="col" className={thClass}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-line">{children}</tbody>
      </table>
    </div>
  );
}

/** Headline figures as cards: a label and a big number each. */
export function StatGrid({ stats, className = "sm:grid-cols-3" }: { stats: readonly (readonly [string, number | string])[]; className?: string }) {
  return (
    <dl className={`grid gap-4 ${className}`}>
      {stats.map(([label, value]) => (
        <div key={label} className="rounded-2xl bg-surface-muted p-5">
          <dt className="text-sm text-ink-muted">{label}</dt>
          <dd className="mt-1 font-display text-3xl font-bold tabular-nums">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
