/**
 * Shopify's product CSV columns, by what they mean, with every header that names them: the classic export
 * ("Handle", "Variant Price") and the 2024-25 one ("URL handle", "Price"). Headers are matched without regard to case.
 * The `vsop` metafield columns carry what Shopify has no column for, so an export imports back unchanged.
 */
export const COLUMNS = {
  handle: ["Handle", "URL handle"],
  title: ["Title"],
  body: ["Body (HTML)", "Description"],
  vendor: ["Vendor"],
  productCategory: ["Product Category", "Product category"],
  type: ["Type"],
  tags: ["Tags"],
  published: ["Published", "Published on online store"],
  status: ["Status"],
  option1Name: ["Option1 Name", "Option1 name"],
  option1Value: ["Option1 Value", "Option1 value"],
  option2Name: ["Option2 Name", "Option2 name"],
  option2Value: ["Option2 Value", "Option2 value"],
  option3Name: ["Option3 Name", "Option3 name"],
  option3Value: ["Option3 Value", "Option3 value"],
  sku: ["Variant SKU", "SKU"],
  barcode: ["Variant Barcode", "Barcode"],
  quantity: ["Variant Inventory Qty", "Inventory quantity"],
  price: ["Variant Price", "Price"],
  compareAt: ["Variant Compare At Price", "Compare-at price"],
  /** Always grams, whatever Variant Weight Unit (the unit Shopify shows it in) says. */
  grams: ["Variant Grams", "Weight value (grams)"],
  imageSrc: ["Image Src", "Product image URL"],
  imagePosition: ["Image Position", "Image position"],
  imageAlt: ["Image Alt Text", "Image alt text"],
  variantImage: ["Variant Image", "Variant image URL"],
  collection: ["Collection (product.metafields.vsop.collection)"],
  subcategory: ["Subcategory (product.metafields.vsop.subcategory)"],
  garment: ["Illustration (product.metafields.vsop.illustration)"],
  badges: ["Badges (product.metafields.vsop.badges)"],
} as const;

export type ColumnKey = keyof typeof COLUMNS;

/** Columns Shopify exports that mean nothing here; recognised, so they are not reported as unknown. */
const IGNORED = [
  "Variant Weight Unit", "Weight unit for display", "Variant Inventory Tracker", "Inventory tracker",
  "Variant Inventory Policy", "Continue selling when out of stock", "Variant Fulfillment Service", "Fulfillment service", "Variant Requires Shipping",
  "Requires shipping", "Variant Taxable", "Charge tax", "Variant Tax Code", "Tax code", "Cost per item", "Gift Card", "Gift card", "SEO Title", "SEO title",
  "SEO Description", "SEO description", "Option1 Linked To", "Option2 Linked To", "Option3 Linked To",
].map((h) => h.toLowerCase());

export interface HeaderMap {
  /** Column index of each known meaning present in the file. */
  index: Partial<Record<ColumnKey, number>>;
  /** Headers this store does not use: listed in the report, never fatal. */
  unknown: string[];
}

export function mapHeaders(headers: string[]): HeaderMap {
  const byName = new Map<string, ColumnKey>();
  for (const [key, names] of Object.entries(COLUMNS) as [ColumnKey, readonly string[]][]) for (const name of names) byName.set(name.toLowerCase(), key);
  const index: HeaderMap["index"] = {};
  const unknown: string[] = [];
  headers.forEach((raw, i) => {
    const name = raw.trim().toLowerCase();
    const key = byName.get(name);
    if (key !== undefined && index[key] === undefined) index[key] = i;
    else if (!IGNORED.includes(name) && !name.startsWith("google shopping /") && !/\(product\.metafields\./.test(name) && !/ \/ /.test(name) && name !== "") unknown.push(raw.trim());
  });
  return { index, unknown };
}

/** The header row this store exports: Shopify's classic set plus the vsop metafields. */
export const EXPORT_HEADERS = [
  "Handle", "Title", "Body (HTML)", "Vendor", "Type", "Tags", "Published", "Option1 Name", "Option1 Value", "Option2 Name", "Option2 Value",
  "Variant SKU", "Variant Grams", "Variant Barcode", "Variant Inventory Qty", "Variant Price", "Variant Compare At Price", "Image Src", "Image Position", "Image Alt Text",
  "Variant Image", "Status", COLUMNS.collection[0], COLUMNS.subcategory[0], COLUMNS.garment[0], COLUMNS.badges[0],
];
