// npm run bench:js: the JavaScript each page loads on a first visit, in Debian's Chromium, compressed as served, split
// into the framework chunk (React, React DOM, React Router: the same on every page) and the store's own code.
// What is fetched once the page is idle (scripts/js-kind.mjs) is shown apart. Starts a fresh production store, or
// uses BASE_URL (scripts/store-process.mjs).
// JS_PAGES=/,/cart limits the pages; JS_LIST=1 lists every script of every page (the product page's always).
import { chromium } from "@playwright/test";
import { startStore } from "./store-process.mjs";
import { jsKind, kb, PRODUCT_PAGE_GOAL } from "./js-kind.mjs";

const PAGES = process.env.JS_PAGES ? process.env.JS_PAGES.split(",") : ["/", "/category/men", "/product/2", "/search?q=hoodie", "/cart", "/vsop", "/blog", "/pages/shipping"];

/** Every script a first visit to the page loads until the network is quiet: file name and compressed body bytes. */
async function scriptsOf(browser, url) {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, extraHTTPHeaders: { "accept-encoding": "br, gzip" } });
  const page = await context.newPage();
  const scripts = [];
  page.on("requestfinished", async (request) => {
    if (request.resourceType() !== "script") return;
    const sizes = await request.sizes().catch(() => null);
    scripts.push({ name: new URL(request.url()).pathname.replace(/^.*\//, ""), body: sizes?.responseBodySize ?? 0 });
  });
  await page.goto(url, { waitUntil: "load" });
  await page.waitForLoadState("networkidle");
  await page.waitForTimeout(3000); // what is fetched when the browser is idle after the load event (web-vitals, the exit popup)
  await context.close();
  return scripts.sort((a, b) => b.body - a.body);
}

const store = await startStore("page-js", 46_000);
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu", "--no-first-run"] });
try {
  console.log("page                 framework   store's code     after idle   total");
  for (const path of PAGES) {
    const scripts = await scriptsOf(browser, `${store.url}${path}`);
    const sum = (kind) => scripts.filter((s) => jsKind(s.name) === kind).reduce((total, s) => total + s.body, 0);
    const own = scripts.filter((s) => jsKind(s.name) === "store");
    const total = scripts.reduce((t, s) => t + s.body, 0);
    console.log(`${path.padEnd(20)} ${kb(sum("framework")).padStart(9)}   ${`${kb(sum("store"))} in ${own.length}`.padEnd(14)}   ${kb(sum("idle")).padStart(10)}   ${kb(total)}`);
    if (path.startsWith("/product/")) {
      const body = sum("store");
      console.log(`  the product page's own code: ${kb(body)} (goal ≤ ${kb(PRODUCT_PAGE_GOAL)}) → ${body <= PRODUCT_PAGE_GOAL ? "met" : "MISSED"}`);
    }
    if (path.startsWith("/product/") || process.env.JS_LIST) console.log(`  ${scripts.map((s) => `${s.name} ${kb(s.body)}`).join(", ")}`);
  }
} finally {
  await browser.close();
  await store.stop();
}
