import { test as base, expect, type Page } from "@playwright/test";

/** Every page fails its test on a console error or an uncaught exception (CSP violations included). */
export const test = base.extend<{ expectedConsoleErrors: RegExp[]; failOnConsoleErrors: void }>({
  /** Errors a test expects, such as the browser's note about a page answered with a 404. */
  expectedConsoleErrors: [[], { option: true }],
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
});

export { expect };

/** Waits until React has hydrated the page: hovering or typing before then reaches only the server's HTML. */
export async function hydrated(page: Page) {
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
}
