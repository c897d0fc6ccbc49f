import { Link, useLocation } from "react-router";
import { ADMIN_GROUPS, adminSectionOf } from "~/lib/admin-sections";
import { cn } from "~/lib/cn";
import { useUser } from "~/lib/session";
import { can } from "../../../shared/staff-permissions";

/**
 * The staff sections, grouped (Orders, Products, Customers, Content, Marketing, Reports, Settings). The current one is
 * the section the address belongs to: an order's page marks Orders, /admin/products/bulk marks Bulk edit.
 */
export function AdminNav({ onNavigate }: { onNavigate?: () => void }) {
  const { pathname } = useLocation();
  const current = adminSectionOf(pathname)?.section.to;
  // Only the sections the member's role opens (the pages refuse the others all the same).
  const user = useUser();
  const groups = ADMIN_GROUPS.map((group) => ({ ...group, sections: group.sections.filter((section) => can(user, section.permission)) })).filter((group) => group.sections.length > 0);
  return (
    <nav aria-label="Staff sections" className="flex flex-col gap-5">
      {groups.map((group) => (
        <section key={group.label} aria-labelledby={`admin-group-${group.label}`}>
          <h2 id={`admin-group-${group.label}`} className="px-3 pb-1 text-xs font-semibold uppercase tracking-widest text-ink-muted">
            {group.label}
          </h2>
          <ul>
            {group.sections.map((section) => {
              const active = section.to === current;
              return (
                <li key={section.to}>
                  <Link
                    to={section.to}
                    onClick={onNavigate}
                    aria-current={active ? "page" : undefined}
                    className={cn("block rounded-lg px-3 py-1.5 text-sm font-medium", active ? "bg-ink text-surface" : "text-ink hover:bg-surface-muted")}
                  >
                    {section.label}
                  </Link>
                </li>
              );
            })}
          </ul>
        </section>
      ))}
    </nav>
  );
}
