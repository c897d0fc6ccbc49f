import { anonymousViewer, stitchViewer } from "../../shared/viewer";

/**
 * A page as every visitor shares it (decision 0034): the viewer's places back to "nobody", the per-response CSP nonce
 * and a product page's stock JSON (put into stored answers only, decision 0041) blanked.
 */
export const sharedShell = (html: string) =>
  stitchViewer(html, anonymousViewer)
    .replace(/nonce="[^"]*"/g, 'nonce=""')
    .replace(/(id="stock-json"[^>]*>)[^<]*/, "$1");
