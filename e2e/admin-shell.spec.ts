import AxeBuilder from "@axe-core/playwright";
import { expect, goto, test } from "./fixtures";
import { buyThroughApi } from "./journeys";

test.describe("the staff frame", () => {
  test("staff pages sit in their own frame: grouped sections, the trail, and no storefront header or footer", async ({ page, signInAsStaff }) => {
    await signInAsStaff(page);
    await goto(page, "/admin/products/5");
    await expect(page.getByRole("contentinfo")).toHaveCount(0);
    await expect(page.getByRole("navigation", { name: "Main" })).toHaveCount(0);
    const sections = page.getByRole("navigation", { name: "Staff sections" });
    for (const group of ["Orders", "Products", "Customers", "Content", "Marketing", "Reports", "Settings"]) {
      await expect(sections.getByRole("heading", { name: group, exact: true })).toBeVisible();
    }
    await expect(sections.getByRole("link", { name: "Products & stock" })).toHaveAttribute("aria-current", "page");
    const trail = page.getByRole("navigation", { name: "Breadcrumb" });
    await expect(trail.getByRole("link", { name: "Products & stock" })).toHaveAttribute("href", "/admin/products");
    await expect(trail.getByText("Products", { exact: true })).toBeVisible();
    await expect(page).toHaveTitle(/ · Products \| .+ Admin$/);
    await expect(page.getByRole("link", { name: "View store" })).toHaveAttribute("href", "/");
    await expect(page.getByRole("button", { name: "Sign out" })).toBeVisible();
  });

  test("the search finds an order by email: / opens it, the arrows and Enter open the order", async ({ page, browser, signInAsStaff }) => {
    test.setTimeout(90_000);
    const shopper = await (await browser.newContext()).newPage();
    const email = `searched${Date.now().toString(36)}@example.com`;
    const orderNumber = await buyThroughApi(shopper, { productId: 3, size: "S", email, name: "Sasha Searched" });
    await signInAsStaff(page);
    await goto(page, "/admin");
    await page.keyboard.press("/");
    const box = page.getByRole("combobox", { name: /Search orders/ });
    await expect(box).toBeFocused();
    await box.fill(email);
    const results = page.getByRole("listbox", { name: "Search results" });
    const option = results.getByRole("group", { name: "Orders" }).getByRole("option", { name: new RegExp(orderNumber) });
    await expect(option).toBeVisible();
    await expect(option).toHaveAttribute("aria-selected", "true");
    await expect(new AxeBuilder({ page }).include("[role=dialog]").analyze().then((r) => r.violations)).resolves.toEqual([]);
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(new RegExp(`/admin/orders/${orderNumber}$`));
    await expect(page.getByRole("heading", { level: 1 })).toContainText(orderNumber);

    // Ctrl+K opens it too; Escape closes it and gives the focus back. Typing "/" in a field does not open it.
    await page.keyboard.press("Control+k");
    await expect(box).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(box).toHaveCount(0);
    await goto(page, "/admin/customers");
    const field = page.getByRole("searchbox").or(page.getByRole("textbox")).first();
    await field.fill("a/b");
    await expect(field).toHaveValue("a/b");
    await expect(box).toHaveCount(0);
  });
});

test.describe("the staff frame on a phone @phone", () => {
  test("the sections are in a drawer: focus kept inside, Escape closes it and gives the focus back", async ({ page, signInAsStaff }) => {
    await signInAsStaff(page);
    await goto(page, "/admin/orders");
    await expect(page.getByRole("navigation", { name: "Staff sections" })).toBeHidden();
    const menu = page.getByRole("button", { name: "Staff menu" });
    await menu.click();
    const drawer = page.getByRole("dialog", { name: /Admin/ });
    await expect(drawer.getByRole("link", { name: "Orders", exact: true })).toHaveAttribute("aria-current", "page");
    for (let i = 0; i < 40; i++) await page.keyboard.press("Tab");
    expect(await drawer.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    await page.keyboard.press("Escape");
    await expect(drawer).toBeHidden();
    await expect(menu).toBeFocused();
    await menu.click();
    await drawer.getByRole("link", { name: "Returns", exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/returns$/);
    await expect(drawer).toBeHidden();
    // The lists are stacked cards: no page scrolls sideways, and a card names its facts.
    for (const path of ["/admin/returns", "/admin/orders", "/admin/products", "/admin/customers"]) {
      if (path !== "/admin/returns") await goto(page, path);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), path).toBe(true);
    }
    const card = page.getByRole("region", { name: "Customers" }).locator("tbody tr").first();
    expect(await card.locator("td").nth(1).evaluate((td) => getComputedStyle(td, "::before").content)).toBe('"Account"');
  });
});

for (const theme of ["light", "dark"] as const) {
  test(`screenshots of staff pages at 390 and 1280 px, ${theme} theme`, async ({ page, signInAsStaff }, info) => {
    await page.emulateMedia({ colorScheme: theme });
    await signInAsStaff(page);
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      for (const path of ["/admin", "/admin/orders", "/admin/products"]) {
        await goto(page, path);
        await page.screenshot({ path: info.outputPath(`${path.slice(1).replaceAll("/", "-")}-${width}-${theme}.png`) });
      }
    }
  });
}
