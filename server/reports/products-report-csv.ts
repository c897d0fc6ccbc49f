import { dollars } from "../tax/tax-report";
import type { ProductRow, ProductsReport } from "./products-report";
import { reportCsv } from "./report-csv";

const GROUP_LABELS = { product: "Product", variant: "Variant", collection: "Collection", discount: "Discount code", channel: "Channel" } as const;

/** Sales by product, variant, collection, discount or channel as CSV; discount codes add their customers. */
export function productsReportCsv(report: ProductsReport) {
  const discount = report.groupBy === "discount";
  const header = [GROUP_LABELS[report.groupBy], "Orders", "Units", "Gross sales (USD)", "Discounts (USD)", "Returns (USD)", "Net sales (USD)", ...(discount ? ["Customers", "New customers", "New customer share (%)"] : [])];
  const line = (r: ProductRow) => [
    r.name,
    r.orders,
    r.units,
    ...[r.grossSalesCents, r.discountsCents, r.returnsCents, r.netSalesCents].map(dollars),
    ...(discount ? [r.customers, r.newCustomers, ((r.newCustomerShare ?? 0) * 100).toFixed(1)] : []),
  ];
  return reportCsv(header, report, line);
}
