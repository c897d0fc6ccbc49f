import AxeBuilder from "@axe-core/playwright";
import { expect, goto, test } from "./fixtures";

/** Issue 33: the header's predictive search, by keyboard, on a desktop and on a phone, with axe on the open list. */
test("type a misspelt word in the header, pick the hoodie with the keyboard, land on its page", async ({ page }) => {
  await goto(page, "/");
  const box = page.getByRole("banner").getByRole("combobox", { name: "Search products" });
  await box.click();
  await box.pressSequentially("hodi");
  const list = page.getByRole("listbox", { name: "Search suggestions" });
  await expect(list.getByRole("option")).not.toHaveCount(0);
  await expect(page.getByRole("status").filter({ hasText: /suggestions for hoodie/ })).toBeAttached();
  const first = list.getByRole("option").first();
  const name = (await first.textContent())!.replace(/\$.*$/, "").trim();
  expect(name).toMatch(/hoodie/i);
  await box.press("ArrowDown");
  await expect(box).toHaveAttribute("aria-activedescendant", (await first.getAttribute("id"))!);
  await expect(first).toHaveAttribute("aria-selected", "true");
  await box.press("Enter");
  await expect(page).toHaveURL(/\/product\/\d+$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
});

test("Escape closes the suggestions and Enter then searches the words", async ({ page }) => {
  await goto(page, "/");
  const box = page.getByRole("banner").getByRole("combobox", { name: "Search products" });
  await box.click();
  await box.pressSequentially("jens");
  await expect(box).toHaveAttribute("aria-expanded", "true");
  await box.press("Escape");
  await expect(box).toHaveAttribute("aria-expanded", "false");
  await box.press("Enter");
  await expect(page).toHaveURL(/\/search\?q=jens$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Showing results for “jeans”");
  await page.getByRole("link", { name: "Search instead for “jens”" }).click();
  await expect(page.getByRole("heading", { name: "No products match “jens”" })).toBeVisible();
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });
  test("the menu's search suggests too", async ({ page }) => {
    await goto(page, "/");
    await page.getByRole("button", { name: "Open menu" }).click();
    const box = page.getByRole("dialog").getByRole("combobox", { name: "Search products" });
    await box.click();
    await box.pressSequentially("tshirt");
    const option = page.getByRole("dialog").getByRole("option").first();
    await expect(option).toBeVisible();
    await option.click();
    await expect(page).toHaveURL(/\/product\/\d+$/);
  });
});

for (const theme of ["light", "dark"] as const) {
  test.describe(`${theme} theme`, () => {
    test.use({ colorScheme: theme });
    test("the open suggestions have no axe violations", async ({ page }) => {
      test.setTimeout(120_000); // axe on a loaded machine
      await goto(page, "/");
      const box = page.getByRole("banner").getByRole("combobox", { name: "Search products" });
      await box.click();
      await box.pressSequentially("ho");
      await expect(page.getByRole("listbox", { name: "Search suggestions" }).getByRole("option")).not.toHaveCount(0);
      await box.press("ArrowDown");
      await expect(page.locator("html")).toHaveClass(theme === "dark" ? /dark/ : /^(?!.*dark).*$/);
      const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]).include("header").exclude("[data-sonner-toaster]").analyze();
      expect(results.violations).toEqual([]);
      await page.screenshot({ path: `test-results/search-suggest-${theme}.png` });
    });
  });
}
