import { useRouteLoaderData } from "react-router";
import type { Collection } from "../../shared/taxonomy";
import type { loader as rootLoader } from "../root";

const none: Collection[] = [];

/** The store's collections in menu order, as the root loader read them from the database (staff edit them). */
export function useCollections(): Collection[] {
  return useRouteLoaderData<typeof rootLoader>("root")?.collections ?? none;
}
