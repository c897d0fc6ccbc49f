import { useRouteLoaderData } from "react-router";
import type { StoreMenus } from "../../shared/menus";
import type { loader as rootLoader } from "../root";

const none: StoreMenus = { header: [], footer: [], legal: [] };

/** The header's, footer's and legal links as staff set them at /admin/menus (the root loader's `menus`); empty on the error page. */
export function useMenus(): StoreMenus {
  return useRouteLoaderData<typeof rootLoader>("root")?.menus ?? none;
}
