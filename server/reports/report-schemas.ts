import { z } from "zod";

/** "2026-03-01": a real calendar date (2026-02-30 is refused). */
const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: "must be a date as YYYY-MM-DD", abort: true })
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v), "is not a calendar date");

/**
 * GET /api/admin/reports/sales[.csv] (issue 52): the period's first and last day in the store's time zone (default:
 * the last 30 days), how to group it, and what to compare it with. The period's length is checked once the defaults
 * are known (server/reports/report-period.ts).
 */
export const salesReportQuery = z
  .object({
    from: day.optional(),
    to: day.optional(),
    groupBy: z.enum(["day", "week", "month"], { error: "must be day, week or month" }).default("day"),
    compare: z.enum(["previous", "year"], { error: "must be previous or year" }).optional(),
  })
  .strict();
export type SalesReportQuery = z.output<typeof salesReportQuery>;
