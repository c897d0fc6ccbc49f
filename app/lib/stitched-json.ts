/**
 * The JSON the server stitched into the page's `<script type="application/json" id={id}>` (decision 0034): the viewer,
 * the cart page's cart. Undefined on the server, when absent or empty (an anonymous visitor), or when unreadable.
 */
export function stitchedJson<T>(id: string): T | undefined {
  if (typeof document === "undefined") return undefined;
  const text = document.getElementById(id)?.textContent;
  if (!text) return undefined;
  try {
    return JSON.parse(text) as T;
  } catch {
    return undefined;
  }
}
