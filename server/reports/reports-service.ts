import type { z } from "zod";
import { isReportRange, rangeDates, type ReportRange, todayIn } from "../../shared/calendar-days";
import type { Database } from "../db/client";
import { AppError } from "../errors";
import type { SettingsService } from "../settings/settings-service";
import { readDashboard } from "./dashboard";
import { funnelCsv } from "./funnel-csv";
import { funnelReport } from "./funnel-report";
import { productsReport } from "./products-report";
import { productsReportCsv } from "./products-report-csv";
import {
  funnelReportQuery,
  type FunnelReportQuery,
  productsReportQuery,
  type ProductsReportQuery,
  returnsReportQuery,
  type ReturnsReportQuery,
  salesReportQuery,
  type SalesReportQuery,
  sellThroughQuery,
  type SellThroughQuery,
} from "./report-schemas";
import { returnsReport } from "./returns-report";
import { returnsReportCsv } from "./returns-report-csv";
import { salesReport } from "./sales-report";
import { salesReportCsv } from "./sales-report-csv";
import { sellThroughCsv } from "./sell-through-csv";
import { sellThroughReport } from "./sell-through-report";

export interface ReportsDeps {
  db: Database;
  now: () => Date;
  settings: Pick<SettingsService, "timeZone">;
}

/**
 * What a report's staff page shows: the choices as its GET form holds them (the query parsed, or its defaults when it
 * can't be), and the report or why there is none.
 */
export interface ReportPage<Q, R> {
  range: ReportRange;
  from: string;
  to: string;
  query: Omit<Q, "from" | "to">;
  timeZone: string;
  report: R | null;
  error: string | null;
}

type Runner<Q, R> = (args: { db: Database; query: Q; timeZone: string; now: Date }) => Promise<R>;

/** The Reports section (issue 52, `reports.read`): every day boundary follows the store's time zone from settings. */
export function createReportsService({ db, now, settings }: ReportsDeps) {
  const run =
    <Q, R>(report: Runner<Q, R>) =>
    async (query: Q) =>
      report({ db, query, timeZone: await settings.timeZone(), now: now() });
  /** The same report as CSV chunks, read before the first byte is sent so a bad period is still a 400. */
  const csv =
    <Q, R>(report: (query: Q) => Promise<R>, chunks: (report: R) => AsyncGenerator<string>) =>
    async (query: Q) => {
      const answer = await report(query);
      return { report: answer, chunks: chunks(answer) };
    };
  /** A staff page's GET form: a preset (the last 30 days unless dates are given) or custom dates; bad input is shown, not thrown. */
  const page =
    <S extends z.ZodType<{ from?: string; to?: string }>, R>(schema: S, report: (query: z.output<S>) => Promise<R>) =>
    async (params: Record<string, string>): Promise<ReportPage<z.output<S>, R>> => {
      const timeZone = await settings.timeZone();
      const range: ReportRange = isReportRange(params.range) ? params.range : params.from || params.to ? "custom" : "last-30";
      const dates = rangeDates(range, todayIn(timeZone, now())) ?? { from: params.from ?? "", to: params.to ?? "" };
      const choices = Object.fromEntries(Object.entries(params).filter(([k, v]) => k !== "range" && k !== "from" && k !== "to" && v !== ""));
      const parsed = schema.safeParse({ ...choices, ...dates });
      const fallback = schema.safeParse({}).data as z.output<S>;
      const { from: _from, to: _to, ...query } = parsed.data ?? fallback;
      const shown = { range, ...dates, query, timeZone, report: null, error: null };
      if (!parsed.success) return { ...shown, error: parsed.error.issues.map((i) => `${i.path.join(".") || "query"}: ${i.message}`).join("; ") };
      try {
        return { ...shown, report: await report(parsed.data) };
      } catch (err) {
        if (err instanceof AppError && err.code === "bad_request") return { ...shown, error: err.message.replace(/^Invalid report: /, "") };
        throw err;
      }
    };

  const sales = run(salesReport);
  const products = run(productsReport);
  const sellThrough = run(sellThroughReport);
  const returns = run(returnsReport);
  const funnel = run(funnelReport);
  return {
    sales,
    salesCsv: csv(sales, salesReportCsv),
    salesPage: page(salesReportQuery, sales),
    products,
    productsCsv: csv(products, productsReportCsv),
    productsPage: page(productsReportQuery, products),
    sellThrough,
    sellThroughCsv: csv(sellThrough, sellThroughCsv),
    sellThroughPage: page(sellThroughQuery, sellThrough),
    returns,
    returnsCsv: csv(returns, returnsReportCsv),
    returnsPage: page(returnsReportQuery, returns),
    funnel,
    funnelCsv: csv(funnel, funnelCsv),
    funnelPage: page(funnelReportQuery, funnel),
    /** /admin's figures (issue 52): today and the last 7 days against the 7 before, top products, low stock. */
    dashboard: async () => readDashboard({ db, timeZone: await settings.timeZone(), now: now() }),
  };
}

export type ReportsService = ReturnType<typeof createReportsService>;
export type { FunnelReportQuery, ProductsReportQuery, ReturnsReportQuery, SalesReportQuery, SellThroughQuery };
