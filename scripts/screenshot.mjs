// Screenshot of a page in Debian's Chromium: node scripts/screenshot.mjs URL OUT.png [width] [height] [light|dark]; FULL=1 for the full page.
import { chromium } from "@playwright/test";
const [,, url, out, width = "1280", height = "900", scheme = "light"] = process.argv;
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--no-first-run", "--disable-sync"] });
const page = await browser.newPage({ viewport: { width: Number(width), height: Number(height) }, colorScheme: scheme });
const errors = [];
page.on("console", (m) => { if (m.type() === "error") errors.push(m.text()); });
page.on("pageerror", (e) => errors.push(String(e)));
await page.goto(url, { waitUntil: "load" });
await page.waitForTimeout(400);
await page.screenshot({ path: out, fullPage: process.env.FULL === "1" });
if (errors.length) console.log("ERRORS:", errors.join("\n"));
await browser.close();
