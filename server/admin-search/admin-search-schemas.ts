import { z } from "zod";

/** How many results each group answers at most. */
export const SEARCH_GROUP_LIMIT = 5;
export const SEARCH_QUERY_MAX = 100;

/** GET /api/admin/search?q=: one query, 1 to 100 printable characters after trimming; nothing else. */
export const adminSearchQuery = z
  .object({
    q: z
      .string("must be text")
      .trim()
      .min(1, "must not be empty")
      .max(SEARCH_QUERY_MAX, `must be at most ${SEARCH_QUERY_MAX} characters`)
      // eslint-disable-next-line no-control-regex
      .refine((q) => !/[\u0000-\u001f\u007f]/.test(q), "must not contain control characters"),
  })
  .strict();

export interface AdminSearchOrder {
  orderNumber: string;
  email: string;
  name: string;
  status: string;
  total: number;
  createdAt: string;
}
export interface AdminSearchProduct {
  id: number;
  name: string;
  handle: string;
  status: string;
  /** What matched besides the name: "SKU VS-12-BLACK-M" or "Barcode 0123…", when it was a variant. */
  matched: string | null;
}
export interface AdminSearchCustomer {
  email: string;
  name: string;
}
export interface AdminSearchContent {
  id: number;
  kind: string;
  title: string;
  status: string;
}
export interface AdminSearchResults {
  q: string;
  orders: AdminSearchOrder[];
  products: AdminSearchProduct[];
  customers: AdminSearchCustomer[];
  content: AdminSearchContent[];
}
