/** Only same-site paths may be redirect targets ("//evil.example" and absolute URLs fall back). */
export function safeRedirect(target: string | null | undefined, fallback: string): string {
  if (!target || !target.startsWith("/") || target.startsWith("//") || target.startsWith("/\\")) return fallback;
  return target;
}
