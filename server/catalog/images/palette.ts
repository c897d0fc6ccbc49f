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
  default: "#a7a9ad",
};

export function colorSlug(color: string): string {
  return color.toLowerCase().replace(/[^a-z0-9]+/g, "-");
}

export function isKnownColorSlug(slug: string): boolean {
  return slug === "multicolor" || Object.hasOwn(palette, slug);
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
