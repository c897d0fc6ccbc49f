import { reportCsv } from "./report-csv";
import type { SellThroughReport, SellThroughRow } from "./sell-through-report";

const HEADER = ["Product", "Color", "Size", "Units sold", "Units on hand", "Sell-through (%)", "Days of cover", "Last sold out"];

const line = (r: SellThroughRow) => [r.product, r.color ?? "", r.size ?? "", r.unitsSold, r.unitsOnHand, r.sellThroughPercent ?? "", r.daysOfCover ?? "", r.lastSoldOutOn ?? ""];

/** Sell-through and stock cover as CSV, in the report's order; an empty cell where a figure has no value. */
export const sellThroughCsv = (report: SellThroughReport) => reportCsv(HEADER, report, line);
