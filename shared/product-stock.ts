/**
 * A product page's stock as places (decision 0041), shared by the UI and the server: pure code only.
 *
 * A product's page is cached once for everyone and kept across its own sales. What its stock shows is put into every
 * answer from the stock read after the last sale: the purchase panel (sizes, "Only N left", Add to Cart or "Email me
 * when it's back"), each variant's availability in the page's JSON-LD, and the stock as JSON, from which the page's
 * code starts so that hydration finds exactly what it renders.
 */

/** A size with this many left or fewer shows the count: "only 2 left". */
export const LOW_STOCK = 3;

/**
 * A variant's stock as the purchase panel shows it: sold out (0), the count when low (1 to LOW_STOCK), or in stock
 * (LOW_STOCK + 1). The panel's HTML depends on the stock through this alone (app/purchase.server.test.ts holds it to
 * that), so the server renders a product's panel once per shown stock, not once per sale (server/http/stock-fill.ts).
 */
export const shownStock = (available: number): number => Math.max(0, Math.min(available, LOW_STOCK + 1));

/** The stock the server sent with a page: the product's total and each variant's, in the product's variant order. */
export interface SentStock {
  productId: number;
  stock: number;
  available: number[];
}

interface Stocked {
  id: number;
  stock: number;
  variants: { available: number }[];
}

export const STOCK_JSON_ID = "stock-json";
export const PURCHASE_PART = "purchase";

/** Where a product page's stock goes: the purchase panel, the JSON, and the JSON-LD's `availability:<variant index>`. */
export type StockPlace = typeof PURCHASE_PART | typeof STOCK_JSON_ID | `availability:${number}`;

export const sentStockOf = (product: Stocked): SentStock => ({ productId: product.id, stock: product.stock, available: product.variants.map((v) => v.available) });

/** The product with the stock that was sent for it, when that stock is for this product and its variants. */
export function withSentStock<P extends Stocked>(product: P, sent: SentStock | undefined): P {
  if (!sent || sent.productId !== product.id || sent.available.length !== product.variants.length) return product;
  return { ...product, stock: sent.stock, variants: product.variants.map((v, i) => ({ ...v, available: sent.available[i]! })) };
}

/** schema.org availability for one variant (VSOP pre-orders are PreOrder while stock lasts). */
export function offerAvailability(preorder: boolean, available: number): string {
  if (available <= 0) return "https://schema.org/OutOfStock";
  return preorder ? "https://schema.org/PreOrder" : "https://schema.org/InStock";
}

/** The product's JSON-LD (a ProductGroup) opens so; each of its offers says `"availability":"…"`, in variant order. */
const LD_OPENER = '<script type="application/ld+json">{"@context":"https://schema.org","@type":"ProductGroup"';
const AVAILABILITY = '"availability":"';
const PLACES: { place: StockPlace; opener: string; closer: string }[] = [
  { place: STOCK_JSON_ID, opener: `<script type="application/json" id="${STOCK_JSON_ID}"`, closer: "</script>" },
  { place: PURCHASE_PART, opener: `<div data-part="${PURCHASE_PART}"`, closer: `<span data-part-end="${PURCHASE_PART}"` },
];

/** A page as bytes (a Node Buffer) or text: what `stockPlaces` reads. */
interface Page {
  indexOf(search: string, from?: number): number;
}

/**
 * Where a product page's stock goes: `[from, to, place]`, in no particular order. A JSON string can't hold an unescaped
 * `"`, so the availability marks found are the offers' own, never a review's words.
 */
export function stockPlaces(page: Page): [number, number, StockPlace][] {
  const places: [number, number, StockPlace][] = [];
  for (const { place, opener, closer } of PLACES) {
    const start = page.indexOf(opener);
    const open = start < 0 ? -1 : page.indexOf(">", start);
    const close = open < 0 ? -1 : page.indexOf(closer, open);
    if (close >= 0) places.push([open + 1, close, place]);
  }
  const ld = page.indexOf(LD_OPENER);
  const ldEnd = ld < 0 ? -1 : page.indexOf("</script>", ld);
  for (let at = page.indexOf(AVAILABILITY, ld), i = 0; ld >= 0 && at >= 0 && at < ldEnd; at = page.indexOf(AVAILABILITY, at + 1), i++) {
    const from = at + AVAILABILITY.length;
    const to = page.indexOf('"', from);
    if (to < 0 || to > ldEnd) break;
    places.push([from, to, `availability:${i}`]);
  }
  return places;
}
