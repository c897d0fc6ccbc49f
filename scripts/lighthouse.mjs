// Lighthouse of a running store (default: the home page, mobile emulation) in Debian's Chromium.
//   BASE_URL=http://localhost:3000 PAGE=/ FORM=mobile npm run bench:lighthouse
import { writeFileSync } from "node:fs";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";

const url = new URL(process.env.PAGE ?? "/", process.env.BASE_URL ?? "http://localhost:3000").toString();
const formFactor = process.env.FORM === "desktop" ? "desktop" : "mobile";
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--no-first-run", "--disable-sync"],
});
try {
  const config = formFactor === "desktop" ? (await import("lighthouse/core/config/desktop-config.js")).default : undefined;
  const result = await lighthouse(url, { port: chrome.port, output: "json", logLevel: "error" }, config);
  const { categories, audits } = result.lhr;
  const scores = Object.fromEntries(Object.entries(categories).map(([k, v]) => [k, Math.round((v.score ?? 0) * 100)]));
  const metrics = Object.fromEntries(
    ["first-contentful-paint", "largest-contentful-paint", "total-blocking-time", "cumulative-layout-shift", "speed-index"].map((id) => [id, audits[id]?.displayValue]),
  );
  const summary = { url, formFactor, scores, metrics };
  console.log(JSON.stringify(summary, null, 2));
  writeFileSync(`lighthouse-${formFactor}.json`, JSON.stringify(summary, null, 2));
  const failing = Object.values(audits).filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== "informative" && a.scoreDisplayMode !== "manual");
  if (failing.length) console.log("Audits below 90:", failing.map((a) => `${a.id} (${a.displayValue ?? a.score})`).join(", "));
} finally {
  await chrome.kill();
}
