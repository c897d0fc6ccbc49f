import { describe, expect, it } from "vitest";
import type { ProductDetail } from "../catalog/product-types";
import { shownStock } from "../../shared/product-stock";
import { createStockFills } from "./stock-fill";

/** A product of two variants as a whole read gives it; only what the fills read matters here. */
const product = (available: [number, number], name = "Tee"): ProductDetail =>
  ({
    id: 1,
    name,
    preorder: false,
    stock: available[0] + available[1],
    variants: [
      { id: 11, color: "Black", size: "S", sku: "S", price: 10, compareAtPrice: null, available: available[0] },
      { id: 12, color: "Black", size: "M", sku: "M", price: 10, compareAtPrice: null, available: available[1] },
    ],
  }) as unknown as ProductDetail;

/** Fills over a product whose stock and name the test sets, counting each kind of read. */
function fills() {
  const state = { available: [3, 5] as [number, number], versions: [1, 1], name: "Tee", variantIds: [11, 12] };
  const reads = { whole: 0, stock: 0, renders: 0 };
  let hold: Promise<void> | null = null;
  const stockFills = createStockFills({
    read: async () => {
      reads.whole++;
      const read = product(state.available, state.name);
      await hold;
      return read;
    },
    readStock: async () => {
      reads.stock++;
      return new Map(state.variantIds.map((id, i) => [id, { available: state.available[i] ?? 0, version: state.versions[i] ?? 0 }]));
    },
    // As the real panel, what it shows of the stock is `shownStock` (4 for "in stock"): app/purchase.server.test.ts.
    renderPurchase: async (p) => {
      reads.renders++;
      return `<p>${p.name}: ${p.variants.map((v) => shownStock(v.available)).join("/")}</p>`;
    },
  });
  const text = async (place: string) => (await stockFills.fillFor(1))(place)?.toString();
  return { state, reads, stockFills, text, holdReads: (until: Promise<void>) => (hold = until) };
}

describe("a product page's stock fills (decision 0041)", () => {
  it("reads the product whole once, then only its variants' stock after a sale", async () => {
    const { state, reads, stockFills, text } = fills();
    expect(await text("purchase")).toBe("<p>Tee: 3/4</p>");
    expect(await text("stock-json")).toBe('{"productId":1,"stock":8,"available":[3,5]}');
    expect({ whole: reads.whole, stock: reads.stock }).toEqual({ whole: 1, stock: 1 });
    state.available = [0, 5];
    stockFills.apply({ products: [1], stockOnly: true });
    expect(await text("purchase")).toBe("<p>Tee: 0/4</p>");
    expect(await text("stock-json")).toBe('{"productId":1,"stock":5,"available":[0,5]}');
    expect([await text("availability:0"), await text("availability:1")]).toEqual(["https://schema.org/OutOfStock", "https://schema.org/InStock"]);
    expect({ whole: reads.whole, stock: reads.stock }).toEqual({ whole: 1, stock: 2 });
  });

  it("fills from the figures a sale's change carries, without reading, the later version winning in any order (decision 0043)", async () => {
    const { reads, stockFills, text } = fills();
    expect(await text("purchase")).toBe("<p>Tee: 3/4</p>");
    const sale = (available: number, version: number) => ({ products: [1], stockOnly: true, stock: [{ product: 1, variant: 11, available, version }] });
    stockFills.apply(sale(1, 3));
    expect(await text("purchase")).toBe("<p>Tee: 1/4</p>");
    stockFills.apply(sale(2, 2)); // an earlier sale whose change arrives late
    expect(await text("purchase")).toBe("<p>Tee: 1/4</p>");
    expect(await text("stock-json")).toBe('{"productId":1,"stock":6,"available":[1,5]}');
    stockFills.apply({ products: [2], stockOnly: true, stock: [{ product: 2, variant: 21, available: 0, version: 9 }] });
    expect(await text("purchase")).toBe("<p>Tee: 1/4</p>");
    expect({ whole: reads.whole, stock: reads.stock }).toEqual({ whole: 1, stock: 1 });
  });

  it("renders the panel once per shown stock: sales that leave every size as it showed reuse it", async () => {
    const { state, reads, stockFills, text } = fills();
    state.available = [40, 9];
    expect(await text("purchase")).toBe("<p>Tee: 4/4</p>");
    const sale = (available: [number, number], version: number) => ({
      products: [1],
      stockOnly: true,
      stock: [
        { product: 1, variant: 11, available: available[0], version },
        { product: 1, variant: 12, available: available[1], version },
      ],
    });
    stockFills.apply(sale([39, 8], 2));
    expect(await text("stock-json")).toBe('{"productId":1,"stock":47,"available":[39,8]}');
    expect(await text("purchase")).toBe("<p>Tee: 4/4</p>");
    stockFills.apply(sale([39, 3], 3));
    expect(await text("purchase")).toBe("<p>Tee: 4/3</p>");
    stockFills.apply(sale([38, 3], 4));
    expect(await text("purchase")).toBe("<p>Tee: 4/3</p>");
    expect(reads.renders).toBe(2);
    // A change to more than the stock: the product is read whole again, and its panel rendered from that read.
    state.name = "Tee, renamed";
    state.available = [38, 3];
    stockFills.apply({ products: [1] });
    expect(await text("purchase")).toBe("<p>Tee, renamed: 4/3</p>");
    expect(reads.renders).toBe(3);
  });

  it("reads the stock again after a stock change that carries no figures, and a read begun before it is not current", async () => {
    const { state, reads, stockFills, text } = fills();
    await text("purchase");
    state.available = [2, 5];
    state.versions = [2, 1];
    stockFills.apply({ products: [1], stockOnly: true });
    const during = text("purchase"); // its read has begun
    state.available = [1, 5];
    state.versions = [3, 1];
    stockFills.apply({ products: [1], stockOnly: true });
    expect(await during).toBe("<p>Tee: 2/4</p>"); // for the requests that arrived before the second change
    expect(await text("purchase")).toBe("<p>Tee: 1/4</p>");
    expect({ whole: reads.whole, stock: reads.stock }).toEqual({ whole: 1, stock: 3 });
  });

  it("reads the product whole again after a change to more than its stock, or when its variants changed", async () => {
    const { state, reads, stockFills, text } = fills();
    await text("purchase");
    state.name = "Tee, renamed";
    stockFills.apply({ products: [1] });
    expect(await text("purchase")).toBe("<p>Tee, renamed: 3/4</p>");
    expect({ whole: reads.whole, stock: reads.stock }).toEqual({ whole: 2, stock: 2 });
    state.variantIds = [11, 13];
    stockFills.apply({ products: [1], stockOnly: true });
    await text("purchase");
    expect({ whole: reads.whole, stock: reads.stock }).toEqual({ whole: 3, stock: 3 });
  });

  it("doesn't keep a whole read that a change to more than stock overtook", async () => {
    const { state, reads, stockFills, text, holdReads } = fills();
    let release!: () => void;
    holdReads(new Promise<void>((resolve) => (release = resolve)));
    const first = text("purchase");
    await Promise.resolve();
    state.name = "Tee, renamed";
    stockFills.apply({ products: [1] });
    release();
    expect(await first).toBe("<p>Tee: 3/4</p>"); // for the requests that arrived before the change
    stockFills.apply({ products: [1], stockOnly: true });
    expect(await text("purchase")).toBe("<p>Tee, renamed: 3/4</p>");
    expect(reads.whole).toBe(2);
  });
});
