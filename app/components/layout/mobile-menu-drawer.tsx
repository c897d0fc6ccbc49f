import { Link } from "react-router";
import type { LazyDialogProps } from "~/components/ui/lazy-dialog";
import { Sheet } from "~/components/ui/sheet";
import { cn } from "~/lib/cn";
import { menuBlocks } from "~/lib/menu-blocks";
import { useMenus } from "~/lib/menus";
import { SearchBox } from "./search-box";

/** The phone navigation's drawer, loaded when the shopper first reaches for the menu button (mobile-menu.tsx). */
export default function MobileMenuDrawer({ open, onOpenChange, onCloseAutoFocus }: LazyDialogProps) {
  const { header } = useMenus();
  // In the menu's order: a collection with subcategories is a section; plain links next to each other share a list.
  const blocks = menuBlocks(header, [{ label: "Account", href: "/account" }]);
  const close = () => onOpenChange(false);
  return (
    <Sheet open={open} onOpenChange={onOpenChange} onCloseAutoFocus={onCloseAutoFocus} edge="left" title="Menu" description="Browse collections and pages" closeLabel="Close menu">
      <nav aria-label="Mobile" className="flex-1 overflow-y-auto px-4 py-4">
        <SearchBox className="mb-5" onSearch={close} />
        {blocks.map((block, index) =>
          block.kind === "group" ? (
            <section key={`${index}:${block.group.href}`} className="mb-5">
              <h2 className="mb-1 text-xs font-semibold uppercase tracking-widest text-ink-muted">{block.group.label}</h2>
              <ul>
                <li>
                  <Link to={block.group.href} onClick={close} className="block rounded-lg px-2 py-2 font-medium hover:bg-surface-muted">
                    Shop all {block.group.label.toLowerCase()}
                  </Link>
                </li>
                {block.group.links.map((link) => (
                  <li key={link.href}>
                    <Link to={link.href} onClick={close} className="block rounded-lg px-2 py-2 hover:bg-surface-muted">
                      {link.label}
                    </Link>
                  </li>
                ))}
              </ul>
            </section>
          ) : (
            <ul key={index} className={cn(index > 0 && "border-t border-line pt-4", index < blocks.length - 1 && "mb-5")}>
              {block.links.map((link, i) => (
                <li key={`${i}:${link.href}`}>
                  <Link to={link.href} onClick={close} className="flex items-center gap-2 rounded-lg px-2 py-2 font-medium hover:bg-surface-muted">
                    {link.label}
                    {link.badge && <span className="rounded-full bg-brand-700 px-1.5 py-0.5 text-[0.625rem] font-bold leading-none text-white">{link.badge}</span>}
                  </Link>
                </li>
              ))}
            </ul>
          ),
        )}
      </nav>
    </Sheet>
  );
}
