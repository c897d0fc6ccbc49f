import { useRouteLoaderData } from "react-router";
import type { PublicStore } from "../../shared/store-settings";
import type { loader as rootLoader } from "../root";

/** Who the store is, as staff set it at /admin/settings (the root loader's `store`); null on the error page. */
export function useStoreSettings(): PublicStore | null {
  return useRouteLoaderData<typeof rootLoader>("root")?.store ?? null;
}
