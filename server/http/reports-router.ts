import type { Router } from "express";
import type { Services } from "../context";
import { salesReportQuery } from "../reports/report-schemas";
import { salesCsvName } from "../reports/sales-report-csv";
import { storeSlug } from "../../shared/store-settings";
import { sendCsv } from "./csv-download";
import { staffRouter } from "./staff-guard";
import { parseInput } from "./validation";

/** The Reports section's calls (issue 52), mounted at /api/admin/reports; each needs `reports.read`. */
export function reportsRouter(services: Services): Router {
  const router = staffRouter();
  const { reports } = services;

  router.get("/sales", "reports.read", async (req, res) => {
    res.json(await reports.sales(parseInput(salesReportQuery, req.query, "Invalid report")));
  });
  router.get("/sales.csv", "reports.read", async (req, res) => {
    const { report, chunks } = await reports.salesCsv(parseInput(salesReportQuery, req.query, "Invalid report"));
    await sendCsv(res, salesCsvName(storeSlug((await services.settings.storefront()).name), report), chunks);
  });
  return router.router;
}
