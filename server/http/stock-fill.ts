import { offerAvailability, PURCHASE_PART, sentStockOf, STOCK_JSON_ID } from "../../shared/product-stock";
import { scriptJson } from "../../shared/viewer";
import type { CatalogChange } from "../cache/catalog-changes";
import { createLru } from "../cache/lru";
import type { ProductDetail } from "../catalog/product-types";
import type { Fill } from "./page-template";

/**
 * Each product's latest stock as what its cached page's stock places hold (decision 0041): the purchase panel, the
 * stock's JSON and each offer's availability in the JSON-LD. Read once after each change to the product (a sale, a
 * payment's expiry, a staff edit) and shared by every answer until the next: during a drop, a sold product's page
 * costs one read and a render of its panel, not a render of the whole page. After a change to its stock alone only
 * the variants' stock is read (`readStock`), into the product as last read whole (`read`). Bounded like every cache
 * (decision 0035).
 */
export function createStockFills({
  read,
  readStock,
  renderPurchase,
  maxEntries = 1000,
}: {
  read: (id: number) => Promise<ProductDetail | null>;
  readStock: (id: number) => Promise<Map<number, number>>;
  renderPurchase: (product: ProductDetail) => Promise<string>;
  maxEntries?: number;
}) {
  /** By product: the fill once read (`ready`), or its read in flight. A change drops it; a read in flight is not kept. */
  const entries = createLru<number, { fill: Promise<Fill>; ready?: Fill }>({ maxEntries });
  /** By product: the product as last read whole, kept across changes to its stock alone. */
  const products = createLru<number, ProductDetail>({ maxEntries });
  // A whole read that a change to more than stock overtook must not be kept (it may show the product before it).
  let seq = 0;
  let clearedAt = 0;
  const shownAt = new Map<number, number>();

  /** The product with its latest stock: its variants' stock read into it as last read whole, or read whole. */
  async function latest(id: number): Promise<ProductDetail | null> {
    const known = products.get(id);
    if (known) {
      const stock = await readStock(id);
      if (stock.size === known.variants.length && known.variants.every((v) => stock.has(v.id))) {
        const variants = known.variants.map((v) => ({ ...v, available: stock.get(v.id)! }));
        return { ...known, stock: variants.reduce((n, v) => n + v.available, 0), variants };
      }
    }
    const startedIn = seq;
    const product = await read(id);
    if (product && clearedAt <= startedIn && (shownAt.get(id) ?? 0) <= startedIn) products.set(id, product);
    return product;
  }

  async function load(id: number): Promise<Fill> {
    const product = await latest(id);
    // Gone from sale since its page was cached: a staff change, which drops the page as well; it is kept as it is.
    if (!product) return () => undefined;
    const texts = new Map<string, Buffer>([
      [STOCK_JSON_ID, Buffer.from(scriptJson(sentStockOf(product)))],
      [PURCHASE_PART, Buffer.from(await renderPurchase(product))],
    ]);
    product.variants.forEach((v, i) => texts.set(`availability:${i}`, Buffer.from(offerAvailability(product.preorder, v.available))));
    return (place) => texts.get(place);
  }

  return {
    /** The product's latest stock as a fill: at once when read since the last change, else once read. */
    fillFor(id: number): Fill | Promise<Fill> {
      const kept = entries.get(id);
      if (kept) return kept.ready ?? kept.fill;
      const entry: { fill: Promise<Fill>; ready?: Fill } = { fill: load(id) };
      entries.set(id, entry);
      entry.fill.then(
        (fill) => void (entry.ready = fill),
        () => void (entries.get(id) === entry && entries.delete(id)),
      );
      return entry.fill;
    },
    /** Forgets what a committed change may have made wrong: the fills, and the products unless only their stock changed. */
    apply(change: CatalogChange) {
      seq++;
      if ("all" in change) {
        clearedAt = seq;
        shownAt.clear();
        entries.clear();
        products.clear();
        return;
      }
      for (const id of change.products) {
        entries.delete(id);
        if (change.stockOnly) continue;
        products.delete(id);
        shownAt.set(id, seq);
      }
    },
    get size() {
      return entries.size;
    },
  };
}

export type StockFills = ReturnType<typeof createStockFills>;
