import { isReportRange, rangeDates, type ReportRange, todayIn } from "../../shared/calendar-days";
import type { Database } from "../db/client";
import { AppError } from "../errors";
import type { SettingsService } from "../settings/settings-service";
import { salesReportQuery, type SalesReportQuery } from "./report-schemas";
import { type SalesReport, salesReport } from "./sales-report";
import { salesReportCsv } from "./sales-report-csv";

export interface ReportsDeps {
  db: Database;
  now: () => Date;
  settings: Pick<SettingsService, "timeZone">;
}

/** What /admin/reports/sales shows: the choices as the form holds them, and the report or why there is none. */
export interface SalesPage {
  range: ReportRange;
  from: string;
  to: string;
  groupBy: SalesReportQuery["groupBy"];
  compare: SalesReportQuery["compare"] | null;
  timeZone: string;
  report: SalesReport | null;
  error: string | null;
}

/** The Reports section (issue 52, `reports.read`): every day boundary follows the store's time zone from settings. */
export function createReportsService({ db, now, settings }: ReportsDeps) {
  const sales = async (query: SalesReportQuery) => salesReport({ db, query, timeZone: await settings.timeZone(), now: now() });
  return {
    sales,
    /** The same report as CSV chunks, read before the first byte is sent so a bad period is still a 400. */
    salesCsv: async (query: SalesReportQuery) => {
      const report = await sales(query);
      return { report, chunks: salesReportCsv(report) };
    },
    /** The staff page's GET form: a preset (the last 30 days unless dates are given) or custom dates; bad input is shown, not thrown. */
    salesPage: async (params: Record<string, string>): Promise<SalesPage> => {
      const timeZone = await settings.timeZone();
      const range: ReportRange = isReportRange(params.range) ? params.range : params.from || params.to ? "custom" : "last-30";
      const dates = rangeDates(range, todayIn(timeZone, now())) ?? { from: params.from ?? "", to: params.to ?? "" };
      const parsed = salesReportQuery.safeParse({ ...dates, groupBy: params.groupBy || undefined, compare: params.compare || undefined });
      const page = { range, ...dates, groupBy: parsed.data?.groupBy ?? "day", compare: parsed.data?.compare ?? null, timeZone, report: null, error: null };
      if (!parsed.success) return { ...page, error: parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ") };
      try {
        return { ...page, report: await sales(parsed.data) };
      } catch (err) {
        if (err instanceof AppError && err.code === "bad_request") return { ...page, error: err.message.replace(/^Invalid report: /, "") };
        throw err;
      }
    },
  };
}

export type ReportsService = ReturnType<typeof createReportsService>;
