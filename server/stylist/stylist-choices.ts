/**
 * SPEC §2 AI style assistant options, exactly. Plain constants without zod, so the browser's assistant forms can show
 * them without loading the validation library; stylist-schemas.ts builds the request schemas from them.
 */
export const STYLES = ["streetwear", "minimalist", "urban", "luxury", "versatile"] as const;
export const OCCASIONS = ["casual", "work", "evening", "workout", "travel"] as const;
export const BODY_TYPES = ["athletic", "slim", "regular", "plus", "prefer-not-to-say"] as const;
export const COLOR_CHOICES = ["Black", "White", "Red", "Navy", "Gray"] as const;
export const FITS = ["tight", "regular", "loose", "oversized"] as const;
export const OUTFIT_ITEMS = ["VSOP Premium Collection - Complete Set", "VSOP Premium Top", "VSOP Premium Shorts"] as const;
