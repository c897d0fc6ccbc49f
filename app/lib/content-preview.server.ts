import type { RouterContextProvider } from "react-router";
import { visitorContext } from "../context";

/**
 * `?preview=1` from a signed-in admin shows a draft or scheduled entry (issue 28). Such a visitor has a session, so
 * the response cache never keeps the page; the loader also marks it private and unindexed.
 */
export function isStaffPreview(context: Readonly<RouterContextProvider>, request: Request): boolean {
  return new URL(request.url).searchParams.get("preview") === "1" && context.get(visitorContext).user?.role === "admin";
}

export const PREVIEW_HEADERS = { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" };
