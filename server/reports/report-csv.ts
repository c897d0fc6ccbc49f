import { stringify } from "csv-stringify/sync";

/**
 * A report as CSV chunks for sendCsv (issue 32's streamed downloads): the header, then the period's rows (series
 * "current"), then the compared period's rows (series "comparison") when one was asked for, 200 rows a chunk.
 */
export async function* reportCsv<R>(header: string[], report: { rows: R[]; compare?: { rows: R[] } }, line: (r: R) => unknown[]): AsyncGenerator<string> {
  yield stringify([["Series", ...header]]);
  const series: [string, R[]][] = [["current", report.rows], ...(report.compare ? [["comparison", report.compare.rows] as [string, R[]]] : [])];
  for (const [name, rows] of series) {
    for (let i = 0; i < rows.length; i += 200) yield stringify(rows.slice(i, i + 200).map((r) => [name, ...line(r)]));
  }
}

/** "vsop-apparel-sales-2025-03-01-to-2025-03-31.csv". */
export const reportCsvName = (store: string, report: string, { from, to }: { from: string; to: string }) => `${store}-${report}-${from}-to-${to}.csv`;
