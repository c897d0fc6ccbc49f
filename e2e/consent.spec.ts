import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, goto, test as base } from "./fixtures";

/**
 * The cookie banner (issue 34, decision 0039) on a store of its own started with GTM_ID=GTM-TEST123 (the main e2e
 * store has no GTM_ID, so no other spec sees a banner). Every request is recorded, and Tag Manager's host is answered
 * by a local stub: nothing leaves the machine.
 */
const GTM_HOST = "www.googletagmanager.com";
const GTM_STUB = "window.__gtmStub=(window.__gtmStub||0)+1;";

const test = base.extend<{ tagRequests: string[] }, { consentStore: string }>({
  consentStore: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a fixture needs from this pattern
    async ({}, provide) => {
      // A store already running with GTM_ID=GTM-TEST123 (while working on this spec): E2E_CONSENT_URL=http://127.0.0.1:PORT.
      if (process.env.E2E_CONSENT_URL) return provide(process.env.E2E_CONSENT_URL);
      const dataDir = mkdtempSync(join(tmpdir(), "store-e2e-consent-"));
      const port = 43_000 + Math.floor(Math.random() * 2_000);
      const env = { ...process.env, NODE_ENV: "production", HOST: "127.0.0.1", PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: "warn", GTM_ID: "GTM-TEST123" };
      const child: ChildProcess = spawn(process.execPath, ["build/server/main.js"], { env, stdio: ["ignore", "ignore", "pipe"] });
      let errors = "";
      child.stderr!.on("data", (chunk: Buffer) => (errors += chunk.toString()));
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.once("exit", (code) => {
        if (code) console.error(`The consent store exited with ${code}: ${errors}`);
      });
      // The store goes with the worker however the worker ends (a setup that timed out never reaches the finally).
      const stop = () => child.kill("SIGKILL");
      process.once("exit", stop);
      const url = `http://127.0.0.1:${port}`;
      try {
        for (let i = 0; i < 3000 && child.exitCode === null && !(await fetch(`${url}/api/health`).then((r) => r.ok, () => false)); i++) await new Promise((r) => setTimeout(r, 100));
        await provide(url);
      } finally {
        child.kill("SIGTERM");
        await Promise.race([exited, new Promise((r) => setTimeout(r, 20_000))]);
        if (child.exitCode === null && child.signalCode === null) stop();
        process.off("exit", stop);
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
    // A fresh store migrates and seeds an empty directory: seconds, but minutes on a loaded 2-core machine.
    { scope: "worker", timeout: 330_000 },
  ],
  baseURL: async ({ consentStore }, provide) => provide(consentStore),
  /** Every request to Tag Manager's host this page made, answered by the stub. */
  tagRequests: async ({ page }, provide) => {
    const requests: string[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).hostname.endsWith("googletagmanager.com")) requests.push(request.url());
    });
    await page.route(`https://${GTM_HOST}/**`, (route) => route.fulfill({ contentType: "application/javascript", body: GTM_STUB }));
    await page.route(/google-analytics\.com|analytics\.google\.com|doubleclick\.net/, (route) => route.abort());
    await provide(requests);
  },
});

// Several full page views per test, each waiting for its load event: generous for a loaded 2-core machine.
test.describe.configure({ mode: "serial", timeout: 180_000 });

const banner = (page: Page) => page.getByRole("region", { name: "Cookies and your privacy" });
const DENIED = { ad_storage: "denied", analytics_storage: "denied", ad_user_data: "denied", ad_personalization: "denied" };
const GRANTED = { ad_storage: "granted", analytics_storage: "granted", ad_user_data: "granted", ad_personalization: "granted" };
const DEFAULT = ["consent", "default", { ...DENIED, wait_for_update: 500 }];

/** The data layer's consent calls (gtag pushes its arguments object), in order. */
const consentCalls = (page: Page) => page.evaluate(() => ((window as unknown as { dataLayer: ArrayLike<unknown>[] }).dataLayer ?? []).filter((e) => e && e[0] === "consent").map((e) => Array.from(e)));
const gtmStarted = (page: Page) => page.evaluate(() => (window as unknown as { dataLayer: { event?: string }[] }).dataLayer.some((e) => e.event === "gtm.js"));
const consentCookie = async (page: Page) => (await page.context().cookies()).find((c) => c.name === "consent");

test("no request reaches Tag Manager before a choice, and Reject all leaves none across two page views", async ({ page, tagRequests }) => {
  await goto(page, "/");
  await expect(banner(page)).toBeVisible();
  expect(await consentCalls(page)).toEqual([DEFAULT]);
  await banner(page).getByRole("button", { name: "Reject all" }).click();
  await expect(banner(page)).toBeHidden();
  expect(await consentCalls(page)).toEqual([DEFAULT, ["consent", "update", DENIED]]);

  await goto(page, "/category/men");
  await expect(banner(page)).toBeHidden();
  expect(await consentCalls(page)).toEqual([DEFAULT, ["consent", "update", DENIED]]);
  // And a visit inside the app.
  await page.getByRole("contentinfo").getByRole("link", { name: "Shipping", exact: true }).click();
  await expect(page).toHaveURL(/\/shipping$/);
  await goto(page, "/product/2");
  await expect(banner(page)).toBeHidden();
  expect(await gtmStarted(page)).toBe(false);
  expect(tagRequests).toEqual([]);

  const cookie = await consentCookie(page);
  expect(cookie?.value).toMatch(/^[0-9a-z]+\.00\.\d+$/);
  const months = (cookie!.expires * 1000 - Date.now()) / (30.4 * 86_400_000);
  expect(months).toBeGreaterThan(5.9);
  expect(months).toBeLessThan(6.1);
});

test("Accept all starts Tag Manager, and the data layer shows the default, then the update", async ({ page, tagRequests }) => {
  await goto(page, "/product/2");
  await expect(banner(page)).toBeVisible();
  expect(tagRequests).toEqual([]);
  const started = page.waitForRequest((r) => r.url().startsWith(`https://${GTM_HOST}/gtm.js`));
  await banner(page).getByRole("button", { name: "Accept all" }).click();
  expect((await started).url()).toBe(`https://${GTM_HOST}/gtm.js?id=GTM-TEST123`);
  await expect(banner(page)).toBeHidden();
  expect(await consentCalls(page)).toEqual([DEFAULT, ["consent", "update", GRANTED]]);
  await expect.poll(() => page.evaluate(() => (window as unknown as { __gtmStub?: number }).__gtmStub)).toBe(1);

  // The next page view starts it at once, after the defaults and the stored choice.
  await goto(page, "/vsop");
  await expect(banner(page)).toBeHidden();
  expect(tagRequests).toHaveLength(2);
  expect(await consentCalls(page)).toEqual([DEFAULT, ["consent", "update", GRANTED]]);
});

test("the footer's Cookie settings reopens the banner with the choice made, and changes it", async ({ page, tagRequests }) => {
  await goto(page, "/");
  await banner(page).getByRole("button", { name: "Accept all" }).click();
  await goto(page, "/about");
  expect(tagRequests).toHaveLength(2);

  await page.getByRole("contentinfo").getByRole("button", { name: "Cookie settings" }).click();
  await expect(banner(page)).toBeVisible();
  await expect(page.getByRole("heading", { name: "Cookies and your privacy" })).toBeFocused();
  await expect(banner(page).getByRole("checkbox", { name: "Analytics" })).toBeChecked();
  await expect(banner(page).getByRole("checkbox", { name: "Marketing" })).toBeChecked();
  await expect(banner(page).getByText("Always on", { exact: true })).toBeVisible();
  await banner(page).getByRole("checkbox", { name: "Marketing" }).uncheck();
  await banner(page).getByRole("button", { name: "Save choices" }).click();
  await expect(banner(page)).toBeHidden();
  await expect(page.getByRole("contentinfo").getByRole("button", { name: "Cookie settings" })).toBeFocused();
  expect((await consentCalls(page)).at(-1)).toEqual(["consent", "update", { ...DENIED, analytics_storage: "granted" }]);
  expect((await consentCookie(page))?.value).toMatch(/\.10\.\d+$/);

  // Then everything off: the next page view loads no tag.
  await page.getByRole("contentinfo").getByRole("button", { name: "Cookie settings" }).click();
  await banner(page).getByRole("button", { name: "Reject all" }).click();
  expect((await consentCalls(page)).at(-1)).toEqual(["consent", "update", DENIED]);
  const before = tagRequests.length;
  await goto(page, "/category/women");
  await expect(banner(page)).toBeHidden();
  expect(tagRequests).toHaveLength(before);
  expect(await gtmStarted(page)).toBe(false);
});

test("Choose shows the categories unticked and works by keyboard; focus is never trapped", async ({ page, tagRequests }) => {
  await goto(page, "/");
  const region = banner(page);
  await expect(region).toBeVisible();
  await expect(region.getByRole("checkbox")).toHaveCount(0); // the categories show after "Choose"
  // The skip link first, then the banner's three answers, then out to the header: no trap.
  await page.keyboard.press("Tab");
  await expect(page.getByRole("link", { name: "Skip to content" })).toBeFocused();
  for (const name of ["Accept all", "Reject all", "Choose"]) {
    await page.keyboard.press("Tab");
    await expect(region.getByRole("button", { name, exact: true })).toBeFocused();
  }
  await page.keyboard.press("Tab");
  expect(await page.evaluate(() => document.activeElement !== document.body && !document.activeElement?.closest("#consent-banner"))).toBe(true);

  await region.getByRole("button", { name: "Choose", exact: true }).focus();
  await page.keyboard.press("Enter");
  const analytics = region.getByRole("checkbox", { name: "Analytics" });
  await expect(analytics).toBeFocused();
  await expect(analytics).not.toBeChecked();
  await expect(region.getByRole("checkbox", { name: "Marketing" })).not.toBeChecked();
  await page.keyboard.press("Space");
  await region.getByRole("button", { name: "Save choices" }).focus();
  await page.keyboard.press("Enter");
  await expect(region).toBeHidden();
  expect((await consentCalls(page)).at(-1)).toEqual(["consent", "update", { ...DENIED, analytics_storage: "granted" }]);
  await expect.poll(() => tagRequests.length).toBe(1);
});

test("a choice given to another version of the banner's text asks again", async ({ page, context, baseURL, tagRequests }) => {
  await context.addCookies([{ name: "consent", value: "0ldtext.11.1790000000", url: baseURL! }]);
  await goto(page, "/");
  await expect(banner(page)).toBeVisible();
  expect(await consentCalls(page)).toEqual([DEFAULT]);
  expect(tagRequests).toEqual([]);
});

test("the payment page loads no tag, whatever the visitor chose", async ({ page, baseURL, tagRequests }) => {
  await goto(page, "/");
  await banner(page).getByRole("button", { name: "Accept all" }).click();
  await expect.poll(() => tagRequests.length).toBe(1);
  const added = await page.request.post("/api/cart/items", { data: { productId: 2, color: "Default", size: "M", quantity: 1 }, headers: { origin: baseURL! } });
  expect(added.status()).toBe(201);
  await goto(page, "/checkout");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(banner(page)).toHaveCount(0);
  expect(await gtmStarted(page)).toBe(false);
  expect(tagRequests).toHaveLength(1);
});

/** Records the largest-paint candidates and the layout shifts from the first byte. */
function recordPaints() {
  const w = window as unknown as { __lcp: { inBanner: boolean; size: number }[]; __shifts: { value: number; inBanner: boolean }[] };
  w.__lcp = [];
  w.__shifts = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries() as (PerformanceEntry & { element: Element | null; size: number })[]) w.__lcp.push({ inBanner: !!e.element?.closest("#consent-banner"), size: e.size });
  }).observe({ type: "largest-contentful-paint", buffered: true });
  new PerformanceObserver((list) => {
    type Shift = PerformanceEntry & { value: number; sources?: { node?: Node | null }[] };
    for (const e of list.getEntries() as Shift[]) w.__shifts.push({ value: e.value, inBanner: (e.sources ?? []).some((s) => (s.node instanceof Element ? s.node : s.node?.parentElement)?.closest("#consent-banner")) });
  }).observe({ type: "layout-shift", buffered: true });
}

async function expectBannerNeverLargestNorShifting(page: Page) {
  await page.addInitScript(recordPaints);
  for (const path of ["/", "/category/men", "/product/2", "/cart", "/vsop"]) {
    await goto(page, path);
    await expect(banner(page)).toBeVisible();
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    const { lcp, shifts } = await page.evaluate(() => {
      const w = window as unknown as { __lcp: { inBanner: boolean }[]; __shifts: { inBanner: boolean }[] };
      return { lcp: w.__lcp, shifts: w.__shifts };
    });
    expect(lcp.at(-1)?.inBanner, `${path}: the largest paint is the banner`).toBe(false);
    expect(shifts.filter((s) => s.inBanner), `${path}: the banner moved`).toEqual([]);
  }
}

test("the banner is never the largest paint and never shifts the layout, on a desktop", async ({ page }) => {
  await expectBannerNeverLargestNorShifting(page);
});

test("the banner is never the largest paint and never shifts the layout, on a phone @phone", async ({ page }) => {
  await expectBannerNeverLargestNorShifting(page);
});

async function expectAccessibleBanner(page: Page) {
  for (const theme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: theme });
    await page.context().clearCookies();
    await page.evaluate(() => localStorage.clear()).catch(() => {});
    for (const open of ["asking", "choosing"] as const) {
      await goto(page, "/product/2");
      await expect(page.locator("html")).toHaveClass(theme === "dark" ? /dark/ : /^(?!.*dark).*$/);
      if (open === "choosing") await banner(page).getByRole("button", { name: "Choose", exact: true }).click();
      await expect(banner(page)).toBeVisible();
      const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]).exclude("[data-sonner-toaster]").analyze();
      expect(results.violations.map((v) => `${theme} ${open} ${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
    }
  }
}

test("axe passes with the banner open, in both themes, on a desktop", async ({ page }) => {
  await expectAccessibleBanner(page);
});

test("axe passes with the banner open, in both themes, on a phone @phone", async ({ page }) => {
  await expectAccessibleBanner(page);
});
