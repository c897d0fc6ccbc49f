/**
 * The store's adult size chart (body measurements, inches). Shared by the size advice and the /size-guide page.
 * A size fits up to its upper bound; the next size starts there.
 */
export interface SizeRow {
  size: string;
  chest: [number, number];
  waist: [number, number];
}

export const SIZE_CHART: SizeRow[] = [
  { size: "XS", chest: [32, 34.5], waist: [26, 28.5] },
  { size: "S", chest: [34.5, 37.5], waist: [28.5, 31.5] },
  { size: "M", chest: [37.5, 40.5], waist: [31.5, 34.5] },
  { size: "L", chest: [40.5, 43.5], waist: [34.5, 37.5] },
  { size: "XL", chest: [43.5, 46.5], waist: [37.5, 40.5] },
  { size: "2XL", chest: [46.5, 49.5], waist: [40.5, 43.5] },
  { size: "3XL", chest: [49.5, 53], waist: [43.5, 47] },
];

export const SIZES = SIZE_CHART.map((r) => r.size);

/** The chart index whose range holds the measurement (below the chart → XS, above → 3XL). */
export function sizeIndexFor(measure: "chest" | "waist", inches: number): number {
  const index = SIZE_CHART.findIndex((row) => inches < row[measure][1]);
  return index === -1 ? SIZE_CHART.length - 1 : index;
}

export const toCm = (inches: number) => Math.round(inches * 2.54);
