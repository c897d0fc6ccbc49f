/** A listing's match count as shoppers read it: "1,240", or "240+" when the count stopped at its cap. */
export function countLabel(total: number, capped: boolean): string {
  return `${total.toLocaleString("en-US")}${capped ? "+" : ""}`;
}

/** "1 product", "12 products", "240+ products". */
export function productsLabel(total: number, capped: boolean): string {
  return `${countLabel(total, capped)} ${total === 1 && !capped ? "product" : "products"}`;
}

/** The line above a listing: "No products", "1 product", "12 products", "Showing 25–48 of 240+ products". */
export function listingSummary({ total, capped, page, limit, shown }: { total: number; capped: boolean; page: number; limit: number; shown: number }): string {
  if (total === 0) return "No products";
  if (shown === total && !capped) return productsLabel(total, capped);
  const first = (page - 1) * limit + 1;
  return `Showing ${first}–${first + shown - 1} of ${productsLabel(total, capped)}`;
}
