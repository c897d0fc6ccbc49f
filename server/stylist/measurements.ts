/**
 * Reads body measurements typed any common way. Lengths come back in inches, weights in pounds; null means the text
 * could not be read (the advice names it), undefined that nothing was given.
 */
const CM_PER_IN = 2.54;
const LB_PER_KG = 2.20462;

export type LengthKind = "height" | "chest" | "waist";

/** Plausible ranges in inches, used to guess the unit of a bare number and to refuse nonsense. */
const RANGES: Record<LengthKind, { min: number; max: number }> = {
  height: { min: 36, max: 96 },
  chest: { min: 20, max: 70 },
  waist: { min: 18, max: 70 },
};

const num = (s: string) => Number.parseFloat(s.replace(",", "."));

export function parseLength(text: string | undefined, kind: LengthKind): number | null | undefined {
  if (text === undefined || text.trim() === "") return undefined;
  const t = text.trim().toLowerCase().replace(/[’′]/g, "'").replace(/[”″]/g, '"').replace(/''/g, '"');
  const range = RANGES[kind];
  const inRange = (inches: number) => (inches >= range.min && inches <= range.max ? Math.round(inches * 10) / 10 : null);

  const feet = /^(\d+(?:[.,]\d+)?)\s*(?:'|ft|feet|foot)\s*(?:(\d+(?:[.,]\d+)?)\s*(?:"|in|inches|inch)?)?$/.exec(t);
  if (feet) return inRange(num(feet[1]!) * 12 + (feet[2] ? num(feet[2]) : 0));
  const metres = /^(\d(?:[.,]\d+)?)\s*m$/.exec(t);
  if (metres) return inRange((num(metres[1]!) * 100) / CM_PER_IN);
  const withUnit = /^(\d+(?:[.,]\d+)?)\s*(cm|centimet(?:er|re)s?|in|inch(?:es)?|")$/.exec(t);
  if (withUnit) return inRange(withUnit[2] === "cm" || withUnit[2]!.startsWith("centimet") ? num(withUnit[1]!) / CM_PER_IN : num(withUnit[1]!));
  const bare = /^(\d+(?:[.,]\d+)?)$/.exec(t);
  if (bare) {
    const value = num(bare[1]!);
    // A bare number is inches when it fits the inch range, else centimetres.
    return inRange(value) ?? inRange(value / CM_PER_IN);
  }
  return null;
}

export function parseWeight(text: string | undefined): number | null | undefined {
  if (text === undefined || text.trim() === "") return undefined;
  const t = text.trim().toLowerCase();
  const plausible = (lbs: number) => (lbs >= 40 && lbs <= 600 ? Math.round(lbs) : null);
  const stone = /^(\d+(?:[.,]\d+)?)\s*(?:st|stone)\s*(?:(\d+(?:[.,]\d+)?)\s*(?:lb|lbs)?)?$/.exec(t);
  if (stone) return plausible(num(stone[1]!) * 14 + (stone[2] ? num(stone[2]) : 0));
  const withUnit = /^(\d+(?:[.,]\d+)?)\s*(kg|kgs|kilo(?:gram)?s?|lb|lbs|pounds?)$/.exec(t);
  if (withUnit) return plausible(withUnit[2]!.startsWith("k") ? num(withUnit[1]!) * LB_PER_KG : num(withUnit[1]!));
  const bare = /^(\d+(?:[.,]\d+)?)$/.exec(t);
  if (bare) {
    const value = num(bare[1]!);
    // Under 80 a bare number is almost surely kilograms; above, pounds.
    return plausible(value < 80 ? value * LB_PER_KG : value);
  }
  return null;
}

export const inchesToCm = (inches: number) => Math.round(inches * CM_PER_IN);
