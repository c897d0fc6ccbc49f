import type { CSSProperties } from "react";

/**
 * The store's look in email: inline styles only (mail clients drop <style> blocks), a system font stack, dark #16171a
 * text on white, and the rounded dark button of the site. Greys are kept at 4.5:1 or better against white.
 */
export const colors = { ink: "#16171a", muted: "#55585f", line: "#e4e4e7", page: "#f4f4f5", white: "#ffffff" } as const;

const font = "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";

export const styles = {
  body: { backgroundColor: colors.page, margin: 0, padding: "24px 0", fontFamily: font, color: colors.ink },
  container: { maxWidth: "560px", backgroundColor: colors.white, borderRadius: "12px", padding: "32px 28px" },
  brand: { color: colors.ink, fontSize: "18px", fontWeight: 700, letterSpacing: "0.04em", textDecorationLine: "none" },
  heading: { color: colors.ink, fontSize: "22px", lineHeight: "30px", fontWeight: 700, margin: "24px 0 12px" },
  text: { color: colors.ink, fontSize: "16px", lineHeight: "24px", margin: "0 0 16px" },
  small: { color: colors.muted, fontSize: "13px", lineHeight: "20px", margin: "0 0 8px" },
  link: { color: colors.ink, textDecorationLine: "underline" },
  mutedLink: { color: colors.muted, textDecorationLine: "underline" },
  button: { backgroundColor: colors.ink, color: colors.white, borderRadius: "999px", padding: "12px 22px", fontSize: "15px", fontWeight: 600, textDecorationLine: "none" },
  hr: { borderColor: colors.line, margin: "24px 0" },
  cell: { color: colors.ink, fontSize: "15px", lineHeight: "22px", padding: "4px 0", verticalAlign: "top" },
  amount: { color: colors.ink, fontSize: "15px", lineHeight: "22px", padding: "4px 0 4px 16px", verticalAlign: "top", textAlign: "right", whiteSpace: "nowrap" },
} satisfies Record<string, CSSProperties>;
