/** SPEC §5: quantities are whole numbers 1-99. */
export const MIN_QUANTITY = 1;
export const MAX_QUANTITY = 99;

export function clampQuantity(value: number, max = MAX_QUANTITY): number {
  if (!Number.isFinite(value)) return MIN_QUANTITY;
  return Math.min(Math.max(Math.trunc(value), MIN_QUANTITY), Math.max(MIN_QUANTITY, Math.min(max, MAX_QUANTITY)));
}

/**
 * What typing into the quantity box does: digits within 1-99 are taken, an empty box is allowed while typing
 * (it becomes 1 on blur), anything else is ignored (null: keep the previous value).
 */
export function acceptTypedQuantity(text: string): number | "" | null {
  if (text === "") return "";
  if (!/^\d{1,2}$/.test(text)) return null;
  const value = Number(text);
  return value >= MIN_QUANTITY && value <= MAX_QUANTITY ? value : null;
}
