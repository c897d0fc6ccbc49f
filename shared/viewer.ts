
/**
 * Shared by the UI and the server: pure code only (decision 0034).
 *
 * One cached page serves every visitor of a public route. What differs per visitor (the viewer) is stitched by the
 * server into a per-response copy of that page: text slots (`<span data-v="…">`), a stylesheet for the parts shown or
 * hidden by state (`<style id="viewer-css">`) and the JSON the client's viewer store starts from
 * (`<script id="viewer">`). The React components fill the same slots with the same functions, so the stitched HTML is
 * exactly what a render for that visitor would have produced, and hydration matches it.
 */
/** What of the user the frame shows; the app and the server fill in their own user type (the whole signed-in user). */
export interface ViewerUser {
  name: string;
  role: string;
}

export interface Viewer<User extends ViewerUser = ViewerUser> {
  user: User | null;
  cartCount: number;
  favoriteIds: number[];
}

export const anonymousViewer: Viewer<never> = { user: null, cartCount: 0, favoriteIds: [] };

export type ViewerSlot = "cart-count" | "cart-label" | "account-name";

/** The text of a slot: the header's badge ("" when empty, "99+" above 99), the cart button's name, the account's name. */
export function formatViewerSlot(slot: ViewerSlot, viewer: Viewer): string {
  const n = viewer.cartCount;
  if (slot === "cart-count") return n > 0 ? (n > 99 ? "99+" : String(n)) : "";
  if (slot === "cart-label") return `Cart, ${n} ${n === 1 ? "item" : "items"}`;
  return viewer.user?.name ?? "";
}

const SLOTS: ViewerSlot[] = ["cart-count", "cart-label", "account-name"];

/**
 * Who sees what in the frame: `data-viewer="guest"` parts for signed-out visitors, `"member"` for signed-in ones,
 * `"staff"` for staff; a heart marked `data-fav-id` is filled when it is a favourite. Ids are whole numbers only, so
 * nothing a visitor controls reaches the stylesheet.
 */
export function viewerCss(viewer: Viewer): string {
  const hidden = viewer.user ? ["guest", ...(viewer.user.role === "admin" ? [] : ["staff"])] : ["member", "staff"];
  const rules = [`${hidden.map((part) => `[data-viewer=${part}]`).join(",")}{display:none!important}`];
  const ids = viewer.favoriteIds.filter((id) => Number.isSafeInteger(id) && id > 0);
  if (ids.length > 0) rules.push(`${ids.map((id) => `[data-fav-id="${id}"] .heart`).join(",")}{fill:var(--color-red-600,#dc2626);color:var(--color-red-600,#dc2626)}`);
  return rules.join("");
}

const HTML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;" };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);

/** JSON safe inside a `<script>`: no `<` (so no `</script>`), and no line separators that old parsers choke on. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, "\\u003c").replace(/\u2028/g, "\\u2028").replace(/\u2029/g, "\\u2029");
}

export const viewerJson = (viewer: Viewer): string => scriptJson(viewer);

/** A place a viewer fills: a text slot, the stylesheet or the JSON. */
export type ViewerPlace = ViewerSlot | "viewer-css" | "viewer-json";

/** The text a viewer puts in a place (HTML-escaped for a text slot). */
export function viewerPlaceText(place: ViewerPlace, viewer: Viewer): string {
  if (place === "viewer-css") return viewerCss(viewer);
  if (place === "viewer-json") return viewerJson(viewer);
  return escapeHtml(formatViewerSlot(place, viewer));
}

/**
 * The cart page's own places (decision 0034): its body, rendered for the visitor's cart by the server, and the cart's
 * JSON, from which the client's cart store starts. They are found on any page but only the cart page has them.
 */
export type CartPagePlace = "cart-page" | "cart-json";

/** Where a visitor's own text goes: a viewer's place or the cart page's. */
export type PersonalPlace = ViewerPlace | CartPagePlace;

/** The cart page's body sits between `<div data-part="cart-page">` and this mark (routes/cart.tsx renders both). */
export const CART_PAGE_PART = "cart-page";
export const CART_JSON_ID = "cart-json";

/** The places found once each: the text after `opener`'s `>` up to `closer`. */
const MARKED_PLACES: { place: PersonalPlace; opener: string; closer: string }[] = [
  { place: "viewer-css", opener: '<style id="viewer-css"', closer: "</style>" },
  { place: "viewer-json", opener: '<script type="application/json" id="viewer"', closer: "</script>" },
  { place: "cart-json", opener: `<script type="application/json" id="${CART_JSON_ID}"`, closer: "</script>" },
  { place: "cart-page", opener: `<div data-part="${CART_PAGE_PART}"`, closer: `<span data-part-end="${CART_PAGE_PART}"` },
];

const VIEWER_PLACES: string[] = ["cart-count", "cart-label", "account-name", "viewer-css", "viewer-json"] satisfies ViewerPlace[];
/** Whether a place is the viewer's (not the cart page's, nor a product page's stock, decision 0041). */
export const isViewerPlace = (place: string): place is ViewerPlace => VIEWER_PLACES.includes(place);

/** Every text slot opens so: `<span data-v="cart-count" …>`. */
const SLOT_OPENER = '<span data-v="';

/** The text slots are all in the site's header (header.tsx), the page's first: they are looked for up to its end. */
const SLOTS_END = "</header>";

/** A page as text, or as bytes (a Node Buffer): what `viewerPlaces` reads. */
type Page = string | { indexOf(search: string, from?: number): number; toString(encoding: "latin1", start: number, end: number): string; subarray(start: number, end: number): Page };
const textOf = (page: Page, from: number, to: number) => (typeof page === "string" ? page.slice(from, to) : page.toString("latin1", from, to));
const upTo = (page: Page, end: number): Page => (end < 0 ? page : typeof page === "string" ? page.slice(0, end) : page.subarray(0, end));

/**
 * Where a visitor's own texts go in a page: `[from, to, place]`, in the page's order. Works on text or bytes. The text
 * slots are found in one pass over the header, whatever their name: a search of a whole 120 KB page per slot cost a cart
 * holder's page more than the rest of its answer. The stylesheet and the JSON (in the head) and the cart page's places
 * are found once each. The server's
 * response cache finds them once per stored page, not per answer (server/http/page-template.ts).
 */
export function viewerPlaces(page: Page): [number, number, PersonalPlace][] {
  const places: [number, number, PersonalPlace][] = [];
  const header = upTo(page, page.indexOf(SLOTS_END));
  for (let from = 0; ; ) {
    const start = header.indexOf(SLOT_OPENER, from);
    const nameEnd = start < 0 ? -1 : header.indexOf('"', start + SLOT_OPENER.length);
    const open = nameEnd < 0 ? -1 : header.indexOf(">", nameEnd);
    const close = open < 0 ? -1 : header.indexOf("</span>", open);
    if (close < 0) break;
    const name = textOf(header, start + SLOT_OPENER.length, nameEnd);
    if ((SLOTS as string[]).includes(name)) places.push([open + 1, close, name as ViewerSlot]);
    from = close;
  }
  for (const { place, opener, closer } of MARKED_PLACES) {
    const start = page.indexOf(opener);
    const open = start < 0 ? -1 : page.indexOf(">", start);
    const close = open < 0 ? -1 : page.indexOf(closer, open);
    if (close >= 0) places.push([open + 1, close, place]);
  }
  return places.sort((a, b) => a[0] - b[0]);
}

/** What a viewer replaces in a page: `[from, to, text]`, in the page's order (the cart page's places are kept). */
export function viewerRanges(page: Page, viewer: Viewer): [number, number, string][] {
  return viewerPlaces(page).flatMap(([from, to, place]): [number, number, string][] => (isViewerPlace(place) ? [[from, to, viewerPlaceText(place, viewer)]] : []));
}

/**
 * A copy of a page with this visitor's viewer in its slots, stylesheet and JSON. Only the marked places change; a
 * page without them (a redirect's body, a file) comes back as it was. (The server stitches the page's bytes the same
 * way: server/http/viewer.ts.)
 */
export function stitchViewer(html: string, viewer: Viewer): string {
  let out = "";
  let at = 0;
  for (const [from, to, text] of viewerRanges(html, viewer)) {
    out += html.slice(at, from) + text;
    at = to;
  }
  return out + html.slice(at);
}
