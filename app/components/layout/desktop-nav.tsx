import { ChevronDown } from "lucide-react";
import { NavigationMenu } from "radix-ui";
import { Link, useLocation } from "react-router";
import { cn } from "~/lib/cn";
import { navGroups, navLinks } from "~/lib/navigation";

const itemClass =
  "inline-flex h-10 items-center gap-1 rounded-full px-3 text-sm font-medium text-ink hover:bg-surface-muted data-[state=open]:bg-surface-muted";

/** Collections open on hover and by keyboard (Enter, Space, arrows; Escape closes). */
export function DesktopNav() {
  const { pathname } = useLocation();
  return (
    <NavigationMenu.Root aria-label="Main" delayDuration={120} className="relative hidden lg:block">
      <NavigationMenu.List className="flex items-center gap-0.5">
        {navGroups.map((group) => (
          <NavigationMenu.Item key={group.href} value={group.href} className="relative">
            <NavigationMenu.Trigger className={itemClass}>
              {group.label}
              <ChevronDown aria-hidden="true" className="size-4 transition-transform duration-200 group-data-[state=open]:rotate-180 in-data-[state=open]:rotate-180" />
            </NavigationMenu.Trigger>
            <NavigationMenu.Content className="absolute left-0 top-full z-50 pt-2">
              <ul className="w-60 rounded-2xl border border-line bg-surface-raised p-2 shadow-xl shadow-black/10">
                <li>
                  <NavigationMenu.Link asChild>
                    <Link to={group.href} className="block rounded-xl px-3 py-2 text-sm font-semibold hover:bg-surface-muted">
                      Shop all {group.label.toLowerCase()}
                    </Link>
                  </NavigationMenu.Link>
                </li>
                {group.links.map((link) => (
                  <li key={link.href}>
                    <NavigationMenu.Link asChild>
                      <Link to={link.href} className="block rounded-xl px-3 py-2 text-sm text-ink-muted hover:bg-surface-muted hover:text-ink">
                        {link.label}
                      </Link>
                    </NavigationMenu.Link>
                  </li>
                ))}
              </ul>
            </NavigationMenu.Content>
          </NavigationMenu.Item>
        ))}
        {navLinks.map((link) => (
          <NavigationMenu.Item key={link.href}>
            <NavigationMenu.Link asChild>
              <Link
                to={link.href}
                aria-current={pathname === link.href ? "page" : undefined}
                className={cn(itemClass, "aria-[current=page]:text-brand-700 dark:aria-[current=page]:text-brand-500")}
              >
                {link.label}
                {link.badge && (
                  <span className="rounded-full bg-brand-700 px-1.5 py-0.5 text-[0.625rem] font-bold leading-none tracking-wide text-white">
                    {link.badge}
                  </span>
                )}
              </Link>
            </NavigationMenu.Link>
          </NavigationMenu.Item>
        ))}
      </NavigationMenu.List>
    </NavigationMenu.Root>
  );
}
