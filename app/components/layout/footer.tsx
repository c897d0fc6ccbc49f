import { Link } from "react-router";
import { cn } from "~/lib/cn";
import { useMenus } from "~/lib/menus";
import { useStoreSettings } from "~/lib/store-settings";
import { addressLines } from "../../../shared/store-settings";
import { CookieSettingsButton } from "./consent-banner";
import { useConsentBanner } from "./consent-script";
import { Logo } from "./logo";
import { SocialIcon } from "./social-icon";

/** The wide layout: the store's column, then one per footer column (staff choose how many). */
const COLUMNS: Record<number, string> = {
  0: "lg:grid-cols-[1.4fr]",
  1: "lg:grid-cols-[1.4fr_1fr]",
  2: "lg:grid-cols-[1.4fr_1fr_1fr]",
  3: "lg:grid-cols-[1.4fr_1fr_1fr_1fr]",
  4: "lg:grid-cols-[1.4fr_1fr_1fr_1fr_1fr]",
};

export function Footer() {
  const year = new Date().getFullYear();
  const { footer, legal } = useMenus();
  const store = useStoreSettings();
  const consent = useConsentBanner();
  return (
    <footer className="mt-20 border-t border-line bg-surface-muted">
      <div className={cn("container-page grid gap-10 py-14 sm:grid-cols-2", COLUMNS[footer.length] ?? "lg:grid-cols-4")}>
        <div>
          <Logo store={store} />
          <p className="mt-4 max-w-xs text-sm leading-6 text-ink-muted">
            Clothing for men, women and kids, and VSOP: our limited premium streetwear, made to order in small runs.
          </p>
          {store && (
            <address className="mt-4 text-sm not-italic leading-6 text-ink-muted">
              {addressLines(store.address).map((line) => (
                <span key={line} className="block">
                  {line}
                </span>
              ))}
              <a href={`mailto:${store.supportEmail}`} className="block hover:text-ink">
                {store.supportEmail}
              </a>
              {store.phone && (
                <a href={`tel:${store.phone.replace(/[^+\d]/g, "")}`} className="block hover:text-ink">
                  {store.phone}
                </a>
              )}
            </address>
          )}
          {store && store.socialLinks.length > 0 && (
            <ul className="mt-6 flex gap-2" aria-label="Follow us">
              {store.socialLinks.map((s) => (
                <li key={s.network}>
                  <a
                    href={s.url}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={`${store.name} on ${s.label} (opens in a new tab)`}
                    className="inline-flex size-10 items-center justify-center rounded-full border border-line bg-surface text-ink hover:border-ink"
                  >
                    <SocialIcon name={s.label} className="size-[1.125rem]" />
                  </a>
                </li>
              ))}
            </ul>
          )}
        </div>
        {footer.map((column, index) => (
          <nav key={`${index}:${column.title}`} aria-label={column.title}>
            <h2 className="text-sm font-semibold uppercase tracking-widest">{column.title}</h2>
            <ul className="mt-4 space-y-1">
              {column.links.map((link, i) => (
                <li key={`${i}:${link.href}`}>
                  <Link to={link.href} className="inline-block py-1 text-sm text-ink-muted hover:text-ink">
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="border-t border-line">
        <div className="container-page flex flex-col gap-3 py-6 text-sm text-ink-muted sm:flex-row sm:items-center sm:justify-between">
          <p>
            © {year} {store?.legalName ?? store?.name}. All rights reserved.
          </p>
          <ul className="flex gap-5">
            {legal.map((link, i) => (
              <li key={`${i}:${link.href}`}>
                <Link to={link.href} className="hover:text-ink">
                  {link.label}
                </Link>
              </li>
            ))}
            {consent && (
              <li>
                <CookieSettingsButton className="hover:text-ink" />
              </li>
            )}
          </ul>
        </div>
      </div>
    </footer>
  );
}
