// How the benchmarks count a page's scripts (vite.config.ts names the chunks): the framework chunk (React, React DOM,
// React Router), what is fetched once the page is idle after loading (web-vitals with its reporter, the exit popup's
// trigger: lib/page-metrics.ts, components/marketing/exit-intent.tsx), and everything else: the store's own code.

/** Issue 30, item 5: the product page's own code, compressed, at most 15 KB. */
export const PRODUCT_PAGE_GOAL = 15 * 1024;

/** @param {string} fileName a script's file name, e.g. "framework-BoKbXHlB.js" */
export function jsKind(fileName) {
  if (/^framework-[\w-]+\.js$/.test(fileName)) return "framework";
  if (/^(web-vitals|exit-intent-popup)-[\w-]+\.js$/.test(fileName)) return "idle";
  return "store";
}

export const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
