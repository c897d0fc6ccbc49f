import { Children, cloneElement, isValidElement, type ReactElement, type ReactNode } from "react";
import { useLocation } from "react-router";
import { BreadcrumbTrail } from "~/components/layout/breadcrumbs";
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
      <BreadcrumbTrail crumbs={crumbs} className="mb-2" />
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

/** Each row's cells carry their column's name (data-label), which a phone shows above the value. */
function labelCells(children: ReactNode, headers: readonly string[]): ReactNode {
  return Children.map(children, (row) => {
    if (!isValidElement<{ children?: ReactNode }>(row) || row.type !== "tr") return row;
    // Every cell takes its column, a row header (<th scope="row">, the card's title) too; only data cells are labelled.
    let column = 0;
    return cloneElement(
      row,
      undefined,
      Children.map(row.props.children, (cell) => {
        if (!isValidElement<{ colSpan?: number }>(cell)) return cell;
        const label = headers[column];
        column += cell.props.colSpan ?? 1;
        return cell.type === "td" ? cloneElement(cell as ReactElement<Record<string, unknown>>, { "data-label": label }) : cell;
      }),
    );
  });
}

/**
 * Phones (under 640 px): each row is a card of stacked facts, the first cell its title and the others under their
 * column's name, instead of a table squeezed to the screen's width.
 */
const cardsOnPhones = [
  "max-sm:block max-sm:[&_thead]:sr-only max-sm:[&_tbody]:grid max-sm:[&_tbody]:gap-3 max-sm:[&_tbody]:divide-y-0",
  "max-sm:[&_tr]:grid max-sm:[&_tr]:grid-cols-2 max-sm:[&_tr]:gap-x-4 max-sm:[&_tr]:gap-y-2 max-sm:[&_tr]:rounded-2xl max-sm:[&_tr]:border max-sm:[&_tr]:border-line max-sm:[&_tr]:p-4",
  "max-sm:[&_td]:block max-sm:[&_td]:min-w-0 max-sm:[&_td]:break-words max-sm:[&_td]:p-0 max-sm:[&_td:first-child]:col-span-2 max-sm:[&_td[colspan]]:col-span-2",
  "max-sm:[&_tbody_th]:col-span-2 max-sm:[&_tbody_th]:block max-sm:[&_tbody_th]:p-0",
  "max-sm:[&_td[data-label]:not(:first-child)]:before:block max-sm:[&_td[data-label]:not(:first-child)]:before:text-xs max-sm:[&_td[data-label]:not(:first-child)]:before:font-semibold max-sm:[&_td[data-label]:not(:first-child)]:before:text-ink-muted max-sm:[&_td[data-label]:not(:first-child)]:before:content-[attr(data-label)]",
].join(" ");

/** A staff table: a focusable, named region with one header row; on phones its rows are stacked cards. */
export function AdminTable({ label, headers, children }: { label: string; headers: readonly string[]; children: ReactNode }) {
  return (
    <div className="rounded-2xl sm:overflow-x-auto sm:border sm:border-line" tabIndex={0} role="region" aria-label={label}>
      <table className={`${tableClass} ${cardsOnPhones}`}>
        <thead className="bg-surface-muted">
          <tr>
            {headers.map((h) => (
              <th key={h} scope="col" className={thClass}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-line">{labelCells(children, headers)}</tbody>
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
