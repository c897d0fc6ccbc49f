/** Fabric colours for the generated illustrations. Unknown colour names fall back to a neutral grey. */
const palette: Record<string, string> = {
  black: "#23252b",
  white: "#f5f5f1",
  gray: "#9ba1a8",
  charcoal: "#4a4e55",
  navy: "#23315a",
  blue: "#3d72b8",
  red: "#c23b2e",
  green: "#3f7d52",
  olive: "#6f6d3c",
  purple: "#7c52a3",
  yellow: "#e9c64b",
  pink: "#eaa3b8",
  brown: "#7b5538",
  beige: "#d8c6a5",
  cream: "#eee5d0",
  // More of the names staff give colours, so new products get a fitting illustration until they have photos.
  oat: "#d9cdb4",
  sand: "#cdb891",
  stone: "#b7b2a6",
  ivory: "#f2ecdc",
  tan: "#b98f63",
  camel: "#c19a6b",
  khaki: "#a99b6c",
  forest: "#2f5a3c",
  sage: "#9aab8b",
  mint: "#a8dcc4",
  teal: "#2c7a7b",
  rust: "#a4492b",
  maroon: "#6b2331",
  burgundy: "#7a2637",
  orange: "#e07b2e",
  coral: "#ef7f6a",
  mustard: "#c9a227",
  lavender: "#b8a6d9",
  indigo: "#3b3f8f",
  denim: "#4a6a8f",
  default: "#a7a9ad",
};

export function colorSlug(color: string): string {
  return color.toLowerCase().replace(/[^a-z0-9]+/g, "-");
}

export function isKnownColorSlug(slug: string): boolean {
  return slug === "multicolor" || Object.hasOwn(palette, slug);
}

/** Any colour name staff may give (drawn in the neutral grey when the palette lacks it): a short slug. */
export function isColorSlug(slug: string): boolean {
  return /^[a-z0-9]+(-[a-z0-9]+)*$/.test(slug) && slug.length <= 40;
}

export function fabricHex(slug: string): string {
  return palette[slug] ?? palette.default!;
}

/** Perceived lightness 0-1, to pick outline and background contrast. */
export function lightness(hex: string): number {
  const n = Number.parseInt(hex.slice(1), 16);
  const [r, g, b] = [(n >> 16) & 255, (n >> 8) & 255, n & 255];
  return (0.299 * r + 0.587 * g + 0.114 * b) / 255;
}

/** Mixes a hex colour toward black (amount < 0) or white (amount > 0). */
export function shade(hex: string, amount: number): string {
  const n = Number.parseInt(hex.slice(1), 16);
  const target = amount < 0 ? 0 : 255;
  const mix = (c: number) => Math.round(c + (target - c) * Math.abs(amount));
  const [r, g, b] = [mix((n >> 16) & 255), mix((n >> 8) & 255), mix(n & 255)];
  return `#${((1 << 24) | (r << 16) | (g << 8) | b).toString(16).slice(1)}`;
}
