import { INFO_SLUGS } from "./info-slugs";
import { PREVIEW_PARAMS } from "./staff-preview";

/**
 * Shared by the server and its tests: pure code only. Apart from shared/viewer.ts, whose functions every page's code
 * carries: these paths are built when the module loads, which a bundle can't leave out, and the browser needs none.
 */
const PUBLIC_PATHS = [
  /^\/$/,
  /^\/products$/,
  /^\/category\/[^/]+(?:\/[^/]+)?$/,
  /^\/product\/[^/]+$/,
  /^\/search$/,
  /^\/vsop$/,
  /^\/drops\/[^/]+$/,
  /^\/blog(?:\/[^/]+)?$/,
  /^\/(?:size-guide|about|contact)$/,
  /^\/pages\/[^/]+$/,
  // The cart page too: shared, with the visitor's cart put into its own places (CartPagePlace).
  /^\/cart$/,
  new RegExp(`^/(?:${INFO_SLUGS.map((s) => s.replace(/[^a-z0-9-]/g, "")).join("|")})$`),
];

/**
 * The public routes (decision 0034): their loaders never see the visitor, so one render serves everyone. A staff
 * preview's address is not one (it shows staff a draft or a later home page). `pathname` may be a client-side
 * visit's (`/category/men.data`, `/_.data` for the home page, React Router 8).
 */
export function isPublicPage(pathname: string, search: URLSearchParams): boolean {
  if (PREVIEW_PARAMS.some((name) => search.has(name))) return false;
  const path = pathname === "/_.data" ? "/" : pathname.replace(/\.data$/, "");
  return PUBLIC_PATHS.some((pattern) => pattern.test(path));
}
