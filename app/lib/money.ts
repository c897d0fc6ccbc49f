/**
 * $149.99, $1,234.50, -$5.00: the only place amounts are formatted (SPEC §1: USD, 2 decimals).
 *
 * The same text as Intl.NumberFormat("en-US", { style: "currency", currency: "USD" }), written out: creating that
 * formatter loads ICU's currency data, about 20 ms of a phone's start-up on every page showing a price (measured with
 * Lighthouse's 4× CPU slowdown: 80 ms). Like Intl it rounds the number's shortest decimal form half away from zero
 * (1.005 → $1.01); money.test.ts checks the two agree on generated amounts. Values it does not expect (not finite, or
 * too large for plain decimal notation) go to Intl.
 */
export function formatPrice(dollars: number): string {
  const digits = Math.abs(dollars).toString();
  if (!/^\d+(\.\d+)?$/.test(digits)) return intlFormat(dollars); // NaN, Infinity, 1e+21, 1e-7
  const [whole = "0", fraction = ""] = digits.split(".");
  let cents = BigInt(whole + fraction.slice(0, 2).padEnd(2, "0"));
  if ((fraction[2] ?? "0") >= "5") cents += 1n;
  const text = cents.toString().padStart(3, "0");
  const sign = dollars < 0 || Object.is(dollars, -0) ? "-" : "";
  return `${sign}$${groupThousands(text.slice(0, -2))}.${text.slice(-2)}`;
}

/** 1234567 → 1,234,567 (en-US grouping). */
export function groupThousands(integer: string): string {
  return integer.replace(/\B(?=(\d{3})+$)/g, ",");
}

let usd: Intl.NumberFormat | undefined;
function intlFormat(dollars: number): string {
  usd ??= new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", minimumFractionDigits: 2 });
  return usd.format(dollars);
}

/** "89", "89.5", "$1,089.50" → cents as an integer; null when the text is not an amount with at most two decimals. */
export function centsFromDollarsText(text: string): number | null {
  const match = /^\$?\s*(\d{1,3}(?:,\d{3})*|\d+)(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  return Number(match[1]!.replaceAll(",", "")) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
}
