import type { Database } from "../db/client";
import type { SettingsService } from "../settings/settings-service";
import type { SalesReportQuery } from "./report-schemas";
import { salesReport } from "./sales-report";
import { salesReportCsv } from "./sales-report-csv";

export interface ReportsDeps {
  db: Database;
  now: () => Date;
  settings: Pick<SettingsService, "timeZone">;
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
  };
}

export type ReportsService = ReturnType<typeof createReportsService>;
