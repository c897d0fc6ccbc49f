/**
 * What a shopper's reason for a return says about size (issue 52). Reasons are the shopper's own words
 * (server/orders/returns.ts), so they are sorted by the words they use, first match wins: "too small in the waist"
 * is too small, "a size too big" too large, "the fit is odd" size or fit, anything else other. The same patterns
 * run in JavaScript and PostgreSQL (case-insensitive; server/reports/return-reasons.ts), and the report's help text
 * lists them.
 */
export const RETURN_REASON_KINDS = [
  { kind: "tooSmall", label: "Too small", pattern: "small|tight|snug|narrow" },
  { kind: "tooLarge", label: "Too large", pattern: "large|big|loose|baggy|wide" },
  { kind: "fit", label: "Other size or fit", pattern: "size|sizing|fit|long|short" },
] as const;
export type ReturnReasonKind = (typeof RETURN_REASON_KINDS)[number]["kind"] | "other";

export function returnReasonKind(reason: string): ReturnReasonKind {
  return RETURN_REASON_KINDS.find((k) => new RegExp(k.pattern, "i").test(reason))?.kind ?? "other";
}
