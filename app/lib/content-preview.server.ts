import type { RouterContextProvider } from "react-router";
import { visitorContext } from "../context";

/**
 * `?preview=1` from a signed-in admin shows a draft or scheduled entry (issue 28). Such a visitor has a session, so
 * the response cache never keeps the page; server/http/pages.ts marks it private and unindexed.
 */
export function isStaffPreview(context: Readonly<RouterContextProvider>, request: Request): boolean {
  return new URL(request.url).searchParams.get("preview") === "1" && context.get(visitorContext).user?.role === "admin";
}


/** An ISO date-time: what the staff page's "Preview as of" sends (`toISOString()` of the chosen local time). */
const AS_OF = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;

/**
 * `/?asOf=<ISO date-time>` from a signed-in admin: the home page (its sections and announcement) as it will be then
 * (issue 28). Anyone else's asOf is ignored; server/http/pages.ts marks the answer like a preview.
 */
export function staffAsOf(context: Readonly<RouterContextProvider>, request: Request): Date | null {
  const url = new URL(request.url);
  const asOf = url.searchParams.get("asOf");
  // A client-side visit asks for /_.data (React Router 8; it passes the raw request): it is the home page's too.
  const path = url.pathname.replace(/\.data$/, "");
  if ((path !== "/" && path !== "/_") || !asOf || !AS_OF.test(asOf) || context.get(visitorContext).user?.role !== "admin") return null;
  const when = new Date(asOf);
  return Number.isNaN(when.getTime()) ? null : when;
}
