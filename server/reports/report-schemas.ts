import { z } from "zod";

/** "2026-03-01": a real calendar date (2026-02-30 is refused). */
const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: "must be a date as YYYY-MM-DD", abort: true })
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v), "is not a calendar date");

/**
 * Every report's period (issue 52): its first and last day in the store's time zone (default: the last 30 days), and
 * what to compare it with. The period's length is checked once the defaults are known (server/reports/report-period.ts).
 */
const period = {
  from: day.optional(),
  to: day.optional(),
  compare: z.enum(["previous", "year"], { error: "must be previous or year" }).optional(),
};

/** GET /api/admin/reports/sales[.csv]: the period grouped by day, week or month. */
export const salesReportQuery = z
  .object({ ...period, groupBy: z.enum(["day", "week", "month"], { error: "must be day, week or month" }).default("day") })
  .strict();
export type SalesReportQuery = z.output<typeof salesReportQuery>;

export const PRODUCT_GROUPS = ["product", "variant", "collection", "discount", "channel"] as const;
export type ProductGroup = (typeof PRODUCT_GROUPS)[number];

/** GET /api/admin/reports/products[.csv]: the period's sales by product, variant, collection, discount code or channel. */
export const productsReportQuery = z
  .object({ ...period, groupBy: z.enum(PRODUCT_GROUPS, { error: "must be product, variant, collection, discount or channel" }).default("product") })
  .strict();
export type ProductsReportQuery = z.output<typeof productsReportQuery>;

/**
 * A long report's page of rows (every row when `limit` is left out; the totals always cover them all): `limit` rows
 * from the `offset`th, as the staff page's "Show all" and next pages ask.
 */
const paging = {
  limit: z.coerce.number({ error: "must be a whole number" }).int("must be a whole number").min(1, "must be from 1 to 1000").max(1000, "must be from 1 to 1000").optional(),
  offset: z.coerce.number({ error: "must be a whole number" }).int("must be a whole number").min(0, "must be 0 or more").default(0),
};

export const SELL_THROUGH_SORTS = ["sold", "sell-through", "cover"] as const;

/**
 * GET /api/admin/reports/sell-through[.csv]: per product, variant or size (a product's size in every colour), sorted
 * by units sold, by sell-through (lowest first: the sizes that sit) or by days of cover (fewest first: about to run out).
 */
export const sellThroughQuery = z
  .object({
    ...period,
    groupBy: z.enum(["product", "variant", "size"], { error: "must be product, variant or size" }).default("variant"),
    sort: z.enum(SELL_THROUGH_SORTS, { error: "must be sold, sell-through or cover" }).default("sold"),
    ...paging,
  })
  .strict();
export type SellThroughQuery = z.output<typeof sellThroughQuery>;

/** GET /api/admin/reports/returns[.csv]: return rate, reasons and buyers' fit per product or per a product's size. */
export const returnsReportQuery = z
  .object({ ...period, groupBy: z.enum(["product", "size"], { error: "must be product or size" }).default("product"), ...paging })
  .strict();
export type ReturnsReportQuery = z.output<typeof returnsReportQuery>;

export const FUNNEL_GROUPS = ["day", "week", "month", "product"] as const;

/** GET /api/admin/reports/funnel[.csv]: sessions at each stage by day, week or month, or per product (paged as above). */
export const funnelReportQuery = z
  .object({ ...period, groupBy: z.enum(FUNNEL_GROUPS, { error: "must be day, week, month or product" }).default("day"), ...paging })
  .strict();
export type FunnelReportQuery = z.output<typeof funnelReportQuery>;
