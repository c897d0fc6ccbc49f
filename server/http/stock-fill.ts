import { offerAvailability, PURCHASE_PART, sentStockOf, shownStock, STOCK_JSON_ID } from "../../shared/product-stock";
import { scriptJson } from "../../shared/viewer";
import type { CatalogChange, VariantStock } from "../cache/catalog-changes";
import { createLru } from "../cache/lru";
import type { ProductDetail } from "../catalog/product-types";
import type { Fill } from "./page-template";

/**
 * Each product's latest stock as what its cached page's stock places hold (decision 0041): the purchase panel, the
 * stock's JSON and each offer's availability in the JSON-LD. Read once after each change to the product (a sale, a
 * payment's expiry, a staff edit) and shared by every answer until the next: during a drop, a sold product's page
 * costs at most a render of its panel, not a render of the whole page, and no render while every size shows as it
 * did (`shownStock`). The product is read whole (`read`) once, and its variants' stock (`readStock`) once; after that
 * a sale's change carries the stock it left (decision 0043), and the page is filled without reading the database,
 * which during a drop on PGlite waits behind the checkouts' transactions. A change to its stock that carries no
 * figures makes the fill read the variants' stock again. Bounded like every cache (decision 0035).
 */
export function createStockFills({
  read,
  readStock,
  renderPurchase,
  maxEntries = 1000,
}: {
  read: (id: number) => Promise<ProductDetail | null>;
  readStock: (id: number) => Promise<Map<number, { available: number; version: number }>>;
  renderPurchase: (product: ProductDetail) => Promise<string>;
  maxEntries?: number;
}) {
  /** By product: the fill once read (`ready`), or its read in flight. A change drops it; a read in flight is not kept. */
  const entries = createLru<number, { fill: Promise<Fill>; ready?: Fill }>({ maxEntries });
  /** By product: the product as last read whole, kept across changes to its stock alone. */
  const products = createLru<number, ProductDetail>({ maxEntries });
  /**
   * By product: each variant's latest stock figures known, merged by version (the higher is the later, in whatever
   * order reads and changes arrive), and whether they are current: read since the last change that carried none.
   */
  const stocks = createLru<number, { variants: Map<number, { available: number; version: number }>; current: boolean }>({ maxEntries });
  // A whole read that a change to more than stock overtook must not be kept (it may show the product before it).
  let seq = 0;
  let clearedAt = 0;
  const shownAt = new Map<number, number>();
  /** The last change that carried no figures for a product it named: a stock read begun before it is not current. */
  let figurelessAt = 0;

  function merge(id: number, figures: Iterable<[number, { available: number; version: number }]>, current?: boolean) {
    const entry = stocks.get(id) ?? { variants: new Map(), current: false };
    for (const [variant, figure] of figures) {
      const known = entry.variants.get(variant);
      if (!known || figure.version > known.version) entry.variants.set(variant, figure);
    }
    if (current !== undefined) entry.current = current;
    stocks.set(id, entry);
    return entry;
  }

  async function whole(id: number): Promise<ProductDetail | null> {
    const startedIn = seq;
    const product = await read(id);
    if (product && clearedAt <= startedIn && (shownAt.get(id) ?? 0) <= startedIn) products.set(id, product);
    return product;
  }

  /**
   * By product and shown stock (`shownStock` of each variant): its purchase panel, and the product as read whole it was
   * rendered from (a panel is only reused for that same read). During a drop most sales leave the panel as it was.
   */
  const panels = createLru<string, { base: ProductDetail; html: Promise<string> }>({ maxEntries });

  function panelOf(base: ProductDetail, product: ProductDetail): Promise<string> {
    const key = `${product.id}:${product.variants.map((v) => shownStock(v.available)).join(",")}`;
    const kept = panels.get(key);
    if (kept?.base === base) return kept.html;
    const html = renderPurchase(product);
    panels.set(key, { base, html });
    html.catch(() => panels.get(key)?.html === html && panels.delete(key));
    return html;
  }

  /** The product with its latest stock (its variants' figures put into the product as last read whole), and that read. */
  async function latest(id: number): Promise<{ product: ProductDetail; base: ProductDetail } | null> {
    const known = products.get(id) ?? (await whole(id));
    if (!known) return null;
    let figures = stocks.get(id);
    if (!figures?.current) {
      const startedIn = seq;
      const read = await readStock(id);
      figures = merge(id, read, startedIn >= figurelessAt && startedIn >= clearedAt);
    }
    const stock = figures.variants;
    // Variants added or removed since the product was read whole: read it whole again.
    if (stock.size !== known.variants.length || !known.variants.every((v) => stock.has(v.id))) {
      stocks.delete(id);
      const again = await whole(id);
      return again && { product: again, base: again };
    }
    const variants = known.variants.map((v) => ({ ...v, available: stock.get(v.id)!.available }));
    return { product: { ...known, stock: variants.reduce((n, v) => n + v.available, 0), variants }, base: known };
  }

  async function load(id: number): Promise<Fill> {
    const found = await latest(id);
    // Gone from sale since its page was cached: a staff change, which drops the page as well; it is kept as it is.
    if (!found) return () => undefined;
    const { product, base } = found;
    const texts = new Map<string, Buffer>([
      [STOCK_JSON_ID, Buffer.from(scriptJson(sentStockOf(product)))],
      [PURCHASE_PART, Buffer.from(await panelOf(base, product))],
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
    /**
     * Forgets what a committed change may have made wrong: the fills; the products unless only their stock changed;
     * their stock figures unless the change carried the new ones, which are merged in.
     */
    apply(change: CatalogChange) {
      seq++;
      if ("all" in change) {
        clearedAt = seq;
        shownAt.clear();
        entries.clear();
        products.clear();
        stocks.clear();
        return;
      }
      const carried = new Map<number, VariantStock[]>();
      for (const move of change.stock ?? []) carried.set(move.product, [...(carried.get(move.product) ?? []), move]);
      for (const id of change.products) {
        entries.delete(id);
        const moves = change.stockOnly ? carried.get(id) : undefined;
        if (moves) {
          if (stocks.get(id)) merge(id, moves.map((m) => [m.variant, { available: m.available, version: m.version }]));
          continue;
        }
        stocks.delete(id);
        figurelessAt = seq;
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
