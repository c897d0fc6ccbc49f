import type { ReactNode } from "react";
import { Link } from "react-router";

/** A link to a path on this store (client-side) or an https address (a plain anchor). */
export function StoreOrHttpsLink({ href, className, children }: { href: string; className?: string; children: ReactNode }) {
  if (href.startsWith("/")) {
    return (
      <Link to={href} className={className}>
        {children}
      </Link>
    );
  }
  return (
    <a href={href} rel="noopener noreferrer" className={className}>
      {children}
    </a>
  );
}
