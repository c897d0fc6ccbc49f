import AxeBuilder from "@axe-core/playwright";
import { expect, goto, reload, test } from "./fixtures";

test.describe("shared frame", () => {
  test("home renders the header, navigation and footer", async ({ page }) => {
    await goto(page, "/");
    const header = page.getByRole("banner");
    await expect(header.getByRole("link", { name: "VSOP Apparel, home" })).toBeVisible();
    await expect(header.getByRole("navigation", { name: "Main" })).toBeVisible();
    await expect(header.getByRole("link", { name: /VSOP\s*NEW/ })).toHaveAttribute("href", "/vsop");
    await expect(header.getByRole("button", { name: /^Cart, \d+ items?$/ })).toBeVisible();
    const footer = page.getByRole("contentinfo");
    for (const network of ["Instagram", "Facebook", "YouTube", "TikTok"]) {
      await expect(footer.getByRole("link", { name: new RegExp(`on ${network}`) })).toHaveAttribute("target", "_blank");
    }
    await expect(footer).toContainText(`© ${new Date().getFullYear()}`);
    await expect(page.getByRole("heading", { name: "Featured products" })).toBeVisible();
  });

  test("a collection dropdown opens on hover and by keyboard", async ({ page }) => {
    await goto(page, "/");
    const nav = page.getByRole("navigation", { name: "Main" });
    const women = nav.getByRole("button", { name: "Women", exact: true });
    await women.hover();
    await expect(nav.getByRole("link", { name: "Dresses" })).toBeVisible();
    // A click just after hover opened it keeps it open (a slow hand, or a slow machine, must not close it); the next closes it.
    await women.click();
    await expect(women).toHaveAttribute("aria-expanded", "true");
    await women.click();
    await expect(women).toHaveAttribute("aria-expanded", "false");
    await women.click();
    await expect(women).toHaveAttribute("aria-expanded", "true");
    await page.mouse.move(5, 600);
    await expect(nav.getByRole("link", { name: "Dresses" })).toBeHidden();

    const men = nav.getByRole("button", { name: "Men", exact: true });
    await men.focus();
    await page.keyboard.press("Enter");
    await expect(men).toHaveAttribute("aria-expanded", "true");
    await page.keyboard.press("Tab");
    await expect(nav.getByRole("link", { name: "Shop all men" })).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(nav.getByRole("link", { name: "T-Shirts" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/category\/men\/t-shirts$/);
    await expect(page.getByRole("heading", { level: 1, name: "Men's T-Shirts" })).toBeVisible();
  });

  test("the chosen theme survives a reload", async ({ page }) => {
    await page.emulateMedia({ colorScheme: "light" });
    await goto(page, "/");
    await expect(page.locator("html")).not.toHaveClass(/dark/);
    await page.getByRole("button", { name: "Switch to dark theme" }).click();
    await expect(page.locator("html")).toHaveClass(/dark/);
    await reload(page);
    await expect(page.locator("html")).toHaveClass(/dark/);
    await expect(page.getByRole("button", { name: "Switch to light theme" })).toBeVisible();
  });

  test("the theme follows the system preference until one is chosen", async ({ page }) => {
    await page.emulateMedia({ colorScheme: "dark" });
    await goto(page, "/");
    await expect(page.locator("html")).toHaveClass(/dark/);
  });

  test.describe("pages answered with a 404", () => {
    test.use({ expectedConsoleErrors: [/status of 404/] });

    test("an unknown address shows the not-found screen with a 404", async ({ page }) => {
      const response = await goto(page, "/no/such/page");
      expect(response?.status()).toBe(404);
      await expect(page.getByRole("heading", { name: "404 Page Not Found" })).toBeVisible();
      await expect(page.getByText("Did you forget to add the page to the router?")).toBeVisible();
    });

    test("a category page shows breadcrumbs and its products", async ({ page }) => {
      await goto(page, "/category/men/t-shirts");
      const crumbs = page.getByRole("navigation", { name: "Breadcrumb" });
      await expect(crumbs.getByRole("listitem")).toHaveText(["Home", "Men", "T-Shirts"]);
      await expect(crumbs.getByRole("link", { name: "Men" })).toHaveAttribute("href", "/category/men");
      await expect(page.getByRole("article")).not.toHaveCount(0);
      await expect(page.getByRole("link", { name: "Essential Crew Tee" })).toHaveAttribute("href", /\/product\/\d+$/);
    });

    test("an unknown category says so", async ({ page }) => {
      const response = await goto(page, "/category/pets");
      expect(response?.status()).toBe(404);
      await expect(page.getByRole("heading", { name: "Category Not Found" })).toBeVisible();
    });

    test("search submits only non-blank text", async ({ page }) => {
      await goto(page, "/category/women");
      const search = page.getByRole("banner").getByRole("combobox", { name: "Search products" });
      await search.fill("   ");
      await search.press("Enter");
      await expect(page).toHaveURL(/\/category\/women$/);
      await search.fill("  linen dress ");
      await search.press("Enter");
      await expect(page).toHaveURL(/\/search\?q=linen%20dress$/);
    });
  });

  test("the header gets a shadow once scrolled past 50 px", async ({ page }) => {
    await goto(page, "/category/women");
    const header = page.getByRole("banner");
    await expect(header).toHaveAttribute("data-scrolled", "false");
    await page.mouse.wheel(0, 400);
    await expect(header).toHaveAttribute("data-scrolled", "true");
  });

  for (const path of ["/", "/category/women"]) {
    test(`${path} has no serious accessibility violations`, async ({ page }) => {
      await goto(page, path);
      const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]).analyze();
      expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
    });
  }
});

test.describe("phone @phone", () => {
  test("the menu drawer opens with every collection and closes on navigation", async ({ page, isMobile }) => {
    test.skip(!isMobile, "phone layout only");
    await goto(page, "/");
    await page.getByRole("button", { name: "Open menu" }).click();
    const drawer = page.getByRole("dialog", { name: "Menu" });
    await expect(drawer).toBeVisible();
    await expect(drawer.getByRole("link", { name: "Infants" })).toBeVisible();
    await drawer.getByRole("link", { name: "Dresses" }).click();
    await expect(drawer).toBeHidden();
    await expect(page).toHaveURL(/\/category\/women\/dresses$/);
  });
});
