import { Link } from "react-router";
import { useCollections } from "~/lib/collections";
import { footerColumns, legalLinks, socialLinks } from "~/lib/navigation";
import { Logo } from "./logo";
import { SocialIcon } from "./social-icon";

export function Footer() {
  const year = new Date().getFullYear();
  const collections = useCollections();
  return (
    <footer className="mt-20 border-t border-line bg-surface-muted">
      <div className="container-page grid gap-10 py-14 sm:grid-cols-2 lg:grid-cols-[1.4fr_1fr_1fr_1fr]">
        <div>
          <Logo />
          <p className="mt-4 max-w-xs text-sm leading-6 text-ink-muted">
            Clothing for men, women and kids, and VSOP: our limited premium streetwear, made to order in small runs.
          </p>
          <ul className="mt-6 flex gap-2" aria-label="Follow us">
            {socialLinks.map((s) => (
              <li key={s.label}>
                <a
                  href={s.href}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={`VSOP on ${s.label} (opens in a new tab)`}
                  className="inline-flex size-10 items-center justify-center rounded-full border border-line bg-surface text-ink hover:border-ink"
                >
                  <SocialIcon name={s.label} className="size-[1.125rem]" />
                </a>
              </li>
            ))}
          </ul>
        </div>
        {footerColumns(collections).map((column) => (
          <nav key={column.title} aria-label={column.title}>
            <h2 className="text-sm font-semibold uppercase tracking-widest">{column.title}</h2>
            <ul className="mt-4 space-y-1">
              {column.links.map((link) => (
                <li key={link.href}>
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
          <p>© {year} VSOP Apparel. All rights reserved.</p>
          <ul className="flex gap-5">
            {legalLinks.map((link) => (
              <li key={link.href}>
                <Link to={link.href} className="hover:text-ink">
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </footer>
  );
}
