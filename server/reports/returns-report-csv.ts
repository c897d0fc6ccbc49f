import { reportCsv } from "./report-csv";
import type { ReturnsReport, ReturnsRow } from "./returns-report";

const HEADER = ["Product", "Size", "Units sold", "Units returned", "Return rate (%)", "Too small", "Too large", "Other size or fit", "Other reasons", "Size or fit reasons (%)", "Top reason", "Reviews: runs small", "Reviews: true to size", "Reviews: runs large", "Fit verdict"];

const line = (r: ReturnsRow) => [
  r.product,
  r.size ?? "",
  r.unitsSold,
  r.unitsReturned,
  r.returnRatePercent ?? "",
  r.reasons.tooSmall,
  r.reasons.tooLarge,
  r.reasons.fit,
  r.reasons.other,
  r.sizeReasonPercent ?? "",
  r.topReason ?? "",
  r.fit.small,
  r.fit.true,
  r.fit.large,
  r.fit.verdict ?? "",
];

/** Returns by reason and fit as CSV, in the report's order; an empty cell where a figure has no value. */
export const returnsReportCsv = (report: ReturnsReport) => reportCsv(HEADER, report, line);
