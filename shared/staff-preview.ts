/**
 * Shared by the UI and the server: pure code only, importing nothing from app/ or server/.
 *
 * Staff previews (issue 28): `?preview=1` shows a draft or scheduled entry and `?asOf=` the home page at a later time,
 * to admins only. Any answer to such an address is private, never stored and never indexed: the loaders say so for a
 * page, and server/http/pages.ts for every request (React Router's client-side `.data` visits included).
 */
export const PREVIEW_PARAMS = ["preview", "asOf"] as const;

export const PREVIEW_HEADERS = { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" };
