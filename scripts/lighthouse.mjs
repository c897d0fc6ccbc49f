// npm run lighthouse: Lighthouse (mobile and desktop) for home, a category, a product, the cart and /vsop on a fresh
// production store, plus the product page's first-load JavaScript: every script its mobile run loaded, compressed as
// served (the goal's measure), and with response headers (Lighthouse's transfer size); and for every page, the framework
// chunk apart from the store's own code (scripts/js-kind.mjs). BASE_URL points it at a running store instead.
// LIGHTHOUSE_RUNS=3 runs every page and form factor three times and prints the median run (by performance score);
// LIGHTHOUSE_PAGES=/,/cart limits the pages; LIGHTHOUSE_REPORTS=dir keeps every run's JSON report there.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { startStore } from "./store-process.mjs";
import { jsKind, kb, PRODUCT_PAGE_GOAL } from "./js-kind.mjs";

const PAGES = process.env.LIGHTHOUSE_PAGES ? process.env.LIGHTHOUSE_PAGES.split(",") : ["/", "/category/men", "/product/2", "/cart", "/vsop"];
const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 1));
const REPORTS = process.env.LIGHTHOUSE_REPORTS;
if (REPORTS) mkdirSync(REPORTS, { recursive: true });

/**
 * The scripts a run loaded: name, compressed body bytes (what the server sent for the body, brotli here) and bytes on
 * the wire (body plus response headers), from the run's DevTools network log.
 */
function scriptsLoaded(lhr, devtoolsLog) {
  const urls = new Set((lhr.audits["network-requests"]?.details?.items ?? []).filter((i) => i.resourceType === "Script").map((i) => i.url));
  const byId = new Map();
  for (const { method, params } of devtoolsLog) {
    if (method === "Network.requestWillBeSent" && urls.has(params.request.url)) byId.set(params.requestId, { name: params.request.url.replace(/^.*\//, ""), headers: 0, wire: 0 });
    const script = byId.get(params.requestId);
    if (!script) continue;
    if (method === "Network.responseReceived") script.headers = params.response.encodedDataLength;
    if (method === "Network.loadingFinished") script.wire = params.encodedDataLength;
  }
  return [...byId.values()].map(({ name, headers, wire }) => ({ name, body: wire - headers, wire })).sort((a, b) => b.body - a.body);
}

const store = await startStore("lighthouse", 45_000);
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--no-first-run", "--disable-sync"],
});
try {
  const desktop = (await import("lighthouse/core/config/desktop-config.js")).default;
  if (!process.env.BASE_URL) console.log(`Store on Node ${process.version}, Chromium at ${process.env.CHROMIUM_PATH ?? "/usr/bin/chromium"}\n`);
  console.log(`page               form     perf  a11y  best  seo   LCP      TBT     CLS${RUNS > 1 ? `     (median of ${RUNS} runs; all perf scores)` : ""}`);
  let productJs = [];
  const pageJs = new Map();
  for (const path of PAGES) {
    for (const form of ["mobile", "desktop"]) {
      const audit = () => lighthouse(`${store.url}${path}`, { port: chrome.port, output: "json", logLevel: "error" }, form === "desktop" ? desktop : undefined);
      const runs = [];
      for (let run = 1; run <= RUNS; run++) {
        let result = await audit();
        // A run that could not measure (no score) is retried once rather than reported as 0.
        if (result.lhr.runtimeError || result.lhr.categories.performance?.score === null || result.lhr.categories.performance?.score === 0) result = await audit();
        if (REPORTS) writeFileSync(join(REPORTS, `${path.replace(/\W+/g, "_") || "_"}-${form}-${run}.json`), result.report);
        runs.push({ lhr: result.lhr, devtoolsLog: result.artifacts.DevtoolsLog });
      }
      const perf = ({ lhr }) => lhr.categories.performance?.score ?? 0;
      const sorted = [...runs].sort((x, y) => perf(x) - perf(y));
      const median = sorted[Math.floor((sorted.length - 1) / 2)];
      const { categories: c, audits: a } = median.lhr;
      const score = (k) => String(Math.round((c[k]?.score ?? 0) * 100)).padStart(4);
      const all = RUNS > 1 ? `  (${runs.map((r) => Math.round(perf(r) * 100)).join(", ")})` : "";
      console.log(`${path.padEnd(18)} ${form.padEnd(8)} ${score("performance")}  ${score("accessibility")}  ${score("best-practices")}  ${score("seo")}   ${String(a["largest-contentful-paint"]?.displayValue).padEnd(8)} ${String(a["total-blocking-time"]?.displayValue).padEnd(7)} ${a["cumulative-layout-shift"]?.displayValue}${all}`);
      if (form === "mobile") pageJs.set(path, scriptsLoaded(median.lhr, median.devtoolsLog));
      if (path === "/product/2" && form === "mobile") productJs = pageJs.get(path);
    }
  }
  if (PAGES.includes("/product/2")) {
    const body = productJs.reduce((sum, s) => sum + s.body, 0);
    const wire = productJs.reduce((sum, s) => sum + s.wire, 0);
    console.log(`\nProduct page first-load JavaScript: ${kb(body)} compressed in ${productJs.length} scripts (goal ≤ 100 KB) → ${body <= 100 * 1024 ? "met" : "MISSED"}; ${kb(wire)} with response headers`);
    console.log(`  ${productJs.map((s) => `${s.name} ${kb(s.body)}`).join(", ")}`);
  }
  console.log("\nFirst-load JavaScript, compressed (mobile run): framework (React, React DOM, React Router) | the store's own code | after idle");
  for (const [path, scripts] of pageJs) {
    const sum = (kind) => scripts.filter((s) => jsKind(s.name) === kind).reduce((total, s) => total + s.body, 0);
    const goal = path.startsWith("/product/") ? ` (goal ≤ ${kb(PRODUCT_PAGE_GOAL)}: ${sum("store") <= PRODUCT_PAGE_GOAL ? "met" : "MISSED"})` : "";
    console.log(`  ${path.padEnd(18)} ${kb(sum("framework")).padStart(9)} | ${kb(sum("store")).padStart(8)}${goal} | ${kb(sum("idle"))}`);
  }
} finally {
  await chrome.kill();
  await store.stop();
}
