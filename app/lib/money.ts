const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", minimumFractionDigits: 2 });

/** $149.99: the only place amounts are formatted (SPEC §1: USD, 2 decimals). */
export function formatPrice(dollars: number): string {
  return usd.format(dollars);
}
