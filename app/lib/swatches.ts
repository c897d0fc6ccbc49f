/** SPEC §3 known swatch colours; any other colour shows the default grey. */
const swatches: Record<string, string> = {
  black: "#111111",
  white: "#ffffff",
  red: "#dc2626",
  blue: "#2563eb",
  gray: "#6b7280",
  green: "#16a34a",
  purple: "#9333ea",
  yellow: "#facc15",
  pink: "#ec4899",
  brown: "#92400e",
  multicolor: "conic-gradient(#ef4444, #facc15, #22c55e, #3b82f6, #a855f7, #ef4444)",
};
export const DEFAULT_SWATCH = "#9ca3af";

export function swatchFor(color: string): string {
  return swatches[color.toLowerCase()] ?? DEFAULT_SWATCH;
}
