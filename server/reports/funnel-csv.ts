import { FUNNEL_STAGE_LABELS } from "../../shared/funnel";
import type { FunnelReport, FunnelRow } from "./funnel-report";
import { reportCsv } from "./report-csv";

const STAGES = [FUNNEL_STAGE_LABELS.view, FUNNEL_STAGE_LABELS.cart, FUNNEL_STAGE_LABELS.checkout, FUNNEL_STAGE_LABELS.payment, FUNNEL_STAGE_LABELS.paid, "Conversion (%)"];

const figures = (r: FunnelRow) => [r.viewedProduct, r.addedToCart, r.beganCheckout, r.reachedPayment, r.paid, r.conversionPercent ?? ""];

/** The funnel as CSV: sessions at each stage per period (start and end) or per product, in the report's order. */
export function funnelCsv(report: FunnelReport) {
  if (report.groupBy === "product") return reportCsv(["Product", ...STAGES], report, (r) => ["name" in r ? r.name : "", ...figures(r)]);
  return reportCsv(["Period start", "Period end", ...STAGES], report, (r) => ["periodStart" in r ? [r.periodStart, r.periodEnd] : ["", ""], figures(r)].flat());
}
