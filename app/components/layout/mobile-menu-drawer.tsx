import { X } from "lucide-react";
import { Dialog } from "radix-ui";
import { Link } from "react-router";
import type { LazyDialogProps } from "~/components/ui/lazy-dialog";
import { navGroups, navLinks } from "~/lib/navigation";
import { SearchBox } from "./search-box";

/** The phone navigation's drawer, loaded when the shopper first reaches for the menu button (mobile-menu.tsx). */
export default function MobileMenuDrawer({ open, onOpenChange, onCloseAutoFocus }: LazyDialogProps) {
  const close = () => onOpenChange(false);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50 data-[state=open]:animate-in" />
        <Dialog.Content onCloseAutoFocus={onCloseAutoFocus} className="fixed inset-y-0 left-0 z-50 flex w-[min(22rem,88vw)] flex-col bg-surface text-ink shadow-2xl focus:outline-none">
          <div className="flex h-16 items-center justify-between border-b border-line px-4">
            <Dialog.Title className="text-base font-semibold">Menu</Dialog.Title>
            <Dialog.Description className="sr-only">Browse collections and pages</Dialog.Description>
            <Dialog.Close aria-label="Close menu" className="inline-flex size-10 items-center justify-center rounded-full hover:bg-surface-muted">
              <X aria-hidden="true" className="size-5" />
            </Dialog.Close>
          </div>
          <nav aria-label="Mobile" className="flex-1 overflow-y-auto px-4 py-4">
            <SearchBox className="mb-5" onSearch={close} />
            {navGroups.map((group) => (
              <section key={group.href} className="mb-5">
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
              {[...navLinks, { label: "Account", href: "/account" }].map((link) => (
                <li key={link.href}>
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
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
