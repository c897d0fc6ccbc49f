import { test as base, expect, type Page, type Response } from "@playwright/test";
import { staffSession } from "./staff-session";

type StorageState = { cookies: Parameters<ReturnType<Page["context"]>["addCookies"]>[0]; origins: unknown[] };

/** The store every worker tests (playwright.config.ts picks the port before the workers start). */
export const BASE_URL = `http://127.0.0.1:${process.env.E2E_PORT}`;

export const test = base.extend<
  { expectedConsoleErrors: RegExp[]; failOnConsoleErrors: void; signInAsStaff: (page: Page) => Promise<void> },
  { staffState: StorageState }
>({
  /** Errors a test expects, such as the browser's note about a page answered with a 404. */
  expectedConsoleErrors: [[], { option: true }],
  /** Every page fails its test on a console error or an uncaught exception (CSP violations included). */
  failOnConsoleErrors: [
    async ({ page, expectedConsoleErrors }, use) => {
      const errors: string[] = [];
      page.on("console", (message) => {
        const text = message.text();
        if (message.type() === "error" && !expectedConsoleErrors.some((re) => re.test(text))) errors.push(text);
      });
      page.on("pageerror", (error) => errors.push(String(error)));
      await use();
      expect(errors, "console errors").toEqual([]);
    },
    { auto: true },
  ],
  /** The staff session: signed in through the API once for the whole run, with its second factor (e2e/staff-session.ts). */
  staffState: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a fixture needs from this pattern
    async ({}, use) => {
      await use({ cookies: await staffSession(), origins: [] });
    },
    { scope: "worker" },
  ],
  /**
   * Signs a page's browser context in as the staff account the e2e web server made. The session gives its second factor
   * again first when the last one is older than 7 minutes, so refunds and staff changes don't ask for a step-up.
   */
  // eslint-disable-next-line no-empty-pattern -- as above
  signInAsStaff: async ({}, provide) => {
    await provide(async (page) => page.context().addCookies(await staffSession()));
  },
});

export { expect };

/** Waits until React has hydrated the page: hovering or typing before then reaches only the server's HTML. */
export async function hydrated(page: Page) {
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
}

/**
 * Opens an address and, when it answers with a page (a 404 or an error screen too), waits until React has hydrated
 * it. Every navigation in the specs goes through here: clicks and typing before hydration are lost.
 */
export async function goto(page: Page, url: string, options?: Parameters<Page["goto"]>[1]): Promise<Response | null> {
  const response = await page.goto(url, options);
  if (response?.headers()["content-type"]?.startsWith("text/html")) await hydrated(page);
  return response;
}

/** Reloads the page and waits until React has hydrated it again. */
export async function reload(page: Page): Promise<Response | null> {
  const response = await page.reload();
  if (response?.headers()["content-type"]?.startsWith("text/html")) await hydrated(page);
  return response;
}
