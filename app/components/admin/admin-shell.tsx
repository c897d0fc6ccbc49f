import type { ReactNode } from "react";
import { NavLink } from "react-router";
import { cn } from "~/lib/cn";

const sections = [
  { to: "/admin", label: "Dashboard", end: true },
  { to: "/admin/orders", label: "Orders" },
  { to: "/admin/returns", label: "Returns" },
  { to: "/admin/reviews", label: "Reviews" },
  { to: "/admin/customers", label: "Customers" },
  { to: "/admin/products", label: "Products & stock" },
  { to: "/admin/collections", label: "Collections" },
  { to: "/admin/discounts", label: "Discounts" },
  { to: "/admin/tax", label: "Tax" },
  { to: "/admin/shipping", label: "Shipping" },
  { to: "/admin/content", label: "Content" },
  { to: "/admin/menus", label: "Menus" },
  { to: "/admin/home", label: "Home page" },
  { to: "/admin/campaign", label: "VSOP drop" },
  { to: "/admin/instagram-shop", label: "Instagram Shop" },
  { to: "/admin/jobs", label: "Jobs" },
  { to: "/admin/settings", label: "Settings" },
];

/** The staff area's frame: section navigation and a title. */
export function AdminShell({ title, actions, children }: { title: string; actions?: ReactNode; children: ReactNode }) {
  return (
    <div className="container-page pb-8 pt-6">
      <nav aria-label="Staff" className="-mx-1 mb-6 flex gap-1 overflow-x-auto lg:flex-wrap">
        {sections.map((s) => (
          <NavLink
            key={s.to}
            to={s.to}
            end={s.end}
            className={({ isActive }) => cn("whitespace-nowrap rounded-full px-4 py-2 text-sm font-semibold", isActive ? "bg-ink text-surface" : "text-ink-muted hover:bg-surface-muted hover:text-ink")}
          >
            {s.label}
          </NavLink>
        ))}
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
