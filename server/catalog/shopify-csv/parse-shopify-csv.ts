import { parse } from "csv-parse/sync";
import { HANDLE_PATTERN } from "../handles";
import { type ColumnKey, COLUMNS, mapHeaders } from "./columns";

/** A problem with one line of the file: what the dry run shows and the import refuses. */
export interface Refusal {
  line: number;
  column: string | null;
  handle: string | null;
  reason: string;
}

export interface ImportVariant {
  line: number;
  color: string;
  size: string;
  sku: string | null;
  barcode: string | null;
  quantity: number | null;
  priceCents: number | null;
  compareAtCents: number | null;
  /** Variant Grams: a unit's weight; null when the cell is blank (not known), undefined when the file has no such column. */
  weightGrams: number | null | undefined;
  /** Variant Image: the photo of this variant's colour. */
  image: string | null;
}

/** One product as the file describes it: its first row's product cells, then every variant and image row. */
export interface ImportProduct {
  handle: string;
  line: number;
  cells: Partial<Record<ColumnKey, string>>;
  variants: ImportVariant[];
  /** In the file's order; `position` is Image Position when given. */
  images: { line: number; src: string; alt: string | null; position: number }[];
}

export interface ParsedFile {
  products: ImportProduct[];
  refusals: Refusal[];
  unknownColumns: string[];
  rows: number;
}

const COLOR_NAMES = new Set(["color", "colour"]);
/** Product cells whose blank means "clear it" when the column is present (a missing column keeps the value). */
const CLEARABLE = new Set<ColumnKey>(["body", "tags", "badges"]);
const SIZE_NAMES = new Set(["size"]);

/** "$1,299.50" or "1299.5" → 129950; "" → null; anything else → NaN. */
export function parseCents(text: string): number | null {
  const t = text.trim();
  if (t === "") return null;
  const m = /^\$?(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2})\d*)?$/.exec(t);
  if (!m) return Number.NaN;
  return Number(m[1]!.replaceAll(",", "")) * 100 + Number((m[2] ?? "").padEnd(2, "0"));
}

/** "300" (or "300.0") → 300; "" → null; a fraction, a negative or anything else → NaN. */
export function parseGrams(text: string): number | null {
  const t = text.trim();
  if (t === "") return null;
  const m = /^(\d{1,7})(?:\.0*)?$/.exec(t);
  return m && Number(m[1]) <= 1_000_000 ? Number(m[1]) : Number.NaN;
}

/**
 * Reads a Shopify product CSV (either header generation): rows are grouped into products by handle; product cells
 * come from a product's first row; rows with option values are variants; rows with only an image are more images.
 * Nothing is refused silently: each problem names its line (the header is line 1) and column.
 */
export function parseShopifyCsv(text: string): ParsedFile {
  const refusals: Refusal[] = [];
  let records: string[][];
  try {
    records = parse(text.replace(/^\uFEFF/, ""), { relax_column_count: true, skip_empty_lines: true, info: false }) as string[][];
  } catch (error) {
    const line = (error as { lines?: number }).lines ?? 1;
    return { products: [], refusals: [{ line, column: null, handle: null, reason: `The file is not valid CSV: ${(error as Error).message.replace(/^Invalid [^:]*: /, "")}` }], unknownColumns: [], rows: 0 };
  }
  const [headers = [], ...rows] = records;
  const { index, unknown } = mapHeaders(headers);
  if (index.handle === undefined) {
    return { products: [], refusals: [{ line: 1, column: "Handle", handle: null, reason: "No Handle (or URL handle) column: is this a Shopify product CSV?" }], unknownColumns: unknown, rows: rows.length };
  }
  // csv-parse counts physical lines; a quoted cell may span several, so track where each record starts.
  const lineOf = recordLines(text, records.length);
  const cell = (row: string[], key: ColumnKey) => (index[key] === undefined ? undefined : (row[index[key]!] ?? "").trim());
  const products = new Map<string, ImportProduct>();

  rows.forEach((row, i) => {
    const line = lineOf[i + 1]!;
    const handle = cell(row, "handle") ?? "";
    if (!HANDLE_PATTERN.test(handle)) {
      refusals.push({ line, column: COLUMNS.handle[0], handle: handle || null, reason: handle ? `'${handle}' is not a handle (lowercase letters, digits and dashes)` : "The handle is empty" });
      return;
    }
    let product = products.get(handle);
    if (!product) {
      product = { handle, line, cells: {}, variants: [], images: [] };
      for (const key of Object.keys(index) as ColumnKey[]) {
        const value = cell(row, key);
        // Shopify's rule: a blank cell in a column the file has clears the value (for the fields that may be empty).
        if (value || CLEARABLE.has(key)) product.cells[key] = value;
      }
      products.set(handle, product);
    }
    const src = cell(row, "imageSrc");
    const position = Number(cell(row, "imagePosition"));
    if (src) product.images.push({ line, src, alt: cell(row, "imageAlt") || null, position: Number.isInteger(position) && position > 0 ? position : product.images.length + 1 });
    const option1 = cell(row, "option1Value");
    if (!option1 && product.variants.length > 0) return; // an image row
    const variant = readVariant(product, row, line, cell, refusals);
    if (variant) product.variants.push(variant);
  });
  return { products: [...products.values()], refusals, unknownColumns: unknown, rows: rows.length };
}

function readVariant(product: ImportProduct, row: string[], line: number, cell: (row: string[], key: ColumnKey) => string | undefined, refusals: Refusal[]): ImportVariant | null {
  const refuse = (column: string, reason: string) => (refusals.push({ line, column, handle: product.handle, reason }), null);
  const options: [string, string][] = [];
  for (const n of [1, 2, 3] as const) {
    const name = (product.cells[`option${n}Name`] ?? "").trim();
    const value = cell(row, `option${n}Value`) ?? "";
    if (value) options.push([name.toLowerCase() || (n === 1 ? "title" : ""), value]);
  }
  let color = "Default";
  let size = "One Size";
  for (const [name, value] of options) {
    if (COLOR_NAMES.has(name)) color = value;
    else if (SIZE_NAMES.has(name)) size = value;
    else if (name === "title" && value === "Default Title") continue; // a product without options
    else return refuse(`Option${options.findIndex(([n]) => n === name) + 1} Name`, `Option '${name}' is not supported: this store's options are colour and size`);
  }
  const priceCents = parseCents(cell(row, "price") ?? "");
  if (Number.isNaN(priceCents)) return refuse(COLUMNS.price[0], `'${cell(row, "price")}' is not a price`);
  const compareAtCents = parseCents(cell(row, "compareAt") ?? "");
  if (Number.isNaN(compareAtCents)) return refuse(COLUMNS.compareAt[0], `'${cell(row, "compareAt")}' is not a price`);
  const qtyText = cell(row, "quantity") ?? "";
  const quantity = qtyText === "" ? null : /^-?\d{1,7}$/.test(qtyText) ? Math.max(0, Number(qtyText)) : Number.NaN;
  if (Number.isNaN(quantity)) return refuse(COLUMNS.quantity[0], `'${qtyText}' is not a whole number of units`);
  const gramsText = cell(row, "grams");
  const weightGrams = gramsText === undefined ? undefined : parseGrams(gramsText);
  if (Number.isNaN(weightGrams)) return refuse(COLUMNS.grams[0], `'${gramsText}' is not a weight: give whole grams from 0 to 1000000`);
  if (product.variants.some((v) => v.color.toLowerCase() === color.toLowerCase() && v.size.toLowerCase() === size.toLowerCase())) {
    return refuse(COLUMNS.option1Value[0], `${color} / ${size} appears twice for ${product.handle}`);
  }
  return { line, color, size, sku: cell(row, "sku") || null, barcode: cell(row, "barcode") || null, quantity, priceCents, compareAtCents, weightGrams, image: cell(row, "variantImage") || null };
}

/** The physical line each record starts on (1-based), counting newlines inside quoted cells. */
function recordLines(text: string, count: number): number[] {
  const starts: number[] = [];
  let line = 1;
  let quoted = false;
  let atStart = true;
  for (let i = 0; i < text.length && starts.length < count; i++) {
    const ch = text[i];
    if (atStart && ch !== "\n" && ch !== "\r") {
      starts.push(line);
      atStart = false;
    }
    if (ch === '"') quoted = !quoted;
    else if (ch === "\n") {
      line++;
      if (!quoted) atStart = true;
    }
  }
  return starts;
}
