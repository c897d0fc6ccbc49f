import { Link } from "react-router";
import type { LazyDialogProps } from "~/components/ui/lazy-dialog";
import { Sheet } from "~/components/ui/sheet";
import { useMenus } from "~/lib/menus";
import { SearchBox } from "./search-box";

/** The phone navigation's drawer, loaded when the shopper first reaches for the menu button (mobile-menu.tsx). */
export default function MobileMenuDrawer({ open, onOpenChange, onCloseAutoFocus }: LazyDialogProps) {
  const { header } = useMenus();
  // Collections with subcategories get a section each; the other links follow in one list, as on the desktop menu.
  const groups = header.filter((item) => item.links.length > 0);
  const links = header.filter((item) => item.links.length === 0);
  const close = () => onOpenChange(false);
  return (
    <Sheet open={open} onOpenChange={onOpenChange} onCloseAutoFocus={onCloseAutoFocus} edge="left" title="Menu" description="Browse collections and pages" closeLabel="Close menu">
      <nav aria-label="Mobile" className="flex-1 overflow-y-auto px-4 py-4">
        <SearchBox className="mb-5" onSearch={close} />
        {groups.map((group, index) => (
          <section key={`${index}:${group.href}`} className="mb-5">
            <h2 className="mb-1 text-xs font-semibold uppercase tracking-widest text-ink-muted">{group.label}</h2>
            <ul>
              <li>
                <Link to={group.href} onClick={close} className="block rounded-lg px-2 py-2 font-medium hover:bg-surface-muted">
                  Shop all {group.label.toLowerCase()}
                </Link>
              </li>
              {group.links.map((link) => (
                <li key={link.href}>
                  <Link to={link.href} onClick={close} className="block rounded-lg px-2 py-2 hover:bg-surface-muted">
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        ))}
        <ul className="border-t border-line pt-4">
          {[...links, { label: "Account", href: "/account" }].map((link, index) => (
            <li key={`${index}:${link.href}`}>
              <Link to={link.href} onClick={close} className="flex items-center gap-2 rounded-lg px-2 py-2 font-medium hover:bg-surface-muted">
                {link.label}
                {"badge" in link && link.badge && (
                  <span className="rounded-full bg-brand-700 px-1.5 py-0.5 text-[0.625rem] font-bold leading-none text-white">{link.badge}</span>
                )}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </Sheet>
  );
}
