import type { Router } from "express";
import type { z } from "zod";
import type { Services } from "../context";
import { reportCsvName } from "../reports/report-csv";
import { funnelReportQuery, productsReportQuery, returnsReportQuery, salesReportQuery, sellThroughQuery } from "../reports/report-schemas";
import { storeSlug } from "../../shared/store-settings";
import { sendCsv } from "./csv-download";
import { staffRouter } from "./staff-guard";
import { parseInput } from "./validation";

/** The Reports section's calls (issue 52), mounted at /api/admin/reports; each needs `reports.read`. */
export function reportsRouter(services: Services): Router {
  const router = staffRouter();
  const { reports } = services;

  /** GET /{name} answers the report as JSON, GET /{name}.csv streams it. */
  function report<S extends z.ZodType, R extends { from: string; to: string }>(
    name: string,
    schema: S,
    json: (query: z.output<S>) => Promise<R>,
    csv: (query: z.output<S>) => Promise<{ report: R; chunks: AsyncGenerator<string> }>,
  ) {
    router.get(`/${name}`, "reports.read", async (req, res) => {
      res.json(await json(parseInput(schema, req.query, "Invalid report")));
    });
    router.get(`/${name}.csv`, "reports.read", async (req, res) => {
      const { report, chunks } = await csv(parseInput(schema, req.query, "Invalid report"));
      await sendCsv(res, reportCsvName(storeSlug((await services.settings.storefront()).name), name, report), chunks);
    });
  }
  report("sales", salesReportQuery, reports.sales, reports.salesCsv);
  report("products", productsReportQuery, reports.products, reports.productsCsv);
  report("sell-through", sellThroughQuery, reports.sellThrough, reports.sellThroughCsv);
  report("returns", returnsReportQuery, reports.returns, reports.returnsCsv);
  report("funnel", funnelReportQuery, reports.funnel, reports.funnelCsv);
  return router.router;
}
