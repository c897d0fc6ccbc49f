import AxeBuilder from "@axe-core/playwright";
import { expect, goto, test } from "./fixtures";

test("staff add a footer link to a page; a shopper sees it in the footer; staff remove it again", async ({ page, signInAsStaff }) => {
  await signInAsStaff(page);
  await goto(page, "/admin/menus");
  const footer = page.getByRole("region", { name: "Footer", exact: true });
  await footer.getByRole("button", { name: "Add a link to Customer Service" }).click();
  const adding = footer.getByRole("form", { name: "Add to Customer Service" });
  await adding.getByLabel("Label").fill("Our quality");
  await adding.getByLabel("Links to").selectOption({ label: "Page, policy or post" });
  await adding.getByLabel("Page or post").selectOption({ label: "Premium Quality" });
  await adding.getByRole("button", { name: "Add to Customer Service" }).click();
  const links = footer.getByRole("list", { name: "Links in Customer Service" });
  // Every row's fields say which row they are in (their visible labels are all alike).
  await expect(links.getByRole("textbox", { name: "Label of link 7 in Customer Service", exact: true })).toHaveValue("Our quality");
  // Moved up one place: it lands between Size Guide and FAQ.
  await footer.getByRole("button", { name: "Move “Our quality” up" }).click();
  await expect(links.getByRole("textbox", { name: "Label of link 6 in Customer Service", exact: true })).toHaveValue("Our quality");
  await footer.getByRole("button", { name: "Save footer menu" }).click();
  await expect(page.getByText("Footer menu saved")).toBeVisible();

  await page.context().clearCookies();
  await goto(page, "/");
  const service = page.getByRole("contentinfo").getByRole("navigation", { name: "Customer Service" });
  await expect(service.getByRole("link")).toHaveText(["Contact Us", "Track an Order", "Shipping", "Returns", "Size Guide", "Our quality", "FAQ"]);
  await service.getByRole("link", { name: "Our quality" }).click();
  await expect(page).toHaveURL(/\/quality$/);
  await expect(page.getByRole("heading", { level: 1, name: "Premium Quality" })).toBeVisible();

  await signInAsStaff(page);
  await goto(page, "/admin/menus");
  await footer.getByRole("button", { name: "Remove “Our quality”" }).click();
  await footer.getByRole("button", { name: "Save footer menu" }).click();
  await expect(page.getByText("Footer menu saved")).toBeVisible();
  await expect(footer.getByRole("button", { name: "Remove “Our quality”" })).toHaveCount(0);
});

for (const theme of ["light", "dark"] as const) {
  test.describe(`menus page, ${theme} theme`, () => {
    // The refused save is a 400, which the browser logs.
    test.use({ colorScheme: theme, expectedConsoleErrors: [/status of 400/] });
    test("/admin/menus, with an item's error showing, has no axe violations", async ({ page, signInAsStaff }) => {
      await signInAsStaff(page);
      await goto(page, "/admin/menus");
      await expect(page.locator("html")).toHaveClass(theme === "dark" ? /dark/ : /^(?!.*dark).*$/);
      const legal = page.getByRole("region", { name: "Legal", exact: true });
      await legal.getByRole("button", { name: "Add a link to the legal" }).click();
      const adding = legal.getByRole("form", { name: "Add to Legal" });
      await adding.getByLabel("Label").fill("Elsewhere");
      await adding.getByLabel("Links to").selectOption({ label: "Address" });
      await adding.getByLabel("Address").fill("http://example.com");
      await adding.getByRole("button", { name: "Add to Legal" }).click();
      await legal.getByRole("button", { name: "Save legal menu" }).click();
      // Nothing is saved; the address the server refused says why and takes the focus, to be corrected in place.
      const items = legal.getByRole("list", { name: "Legal items" });
      const address = items.getByRole("textbox", { name: "Address of item 4", exact: true });
      await expect(address).toHaveAccessibleDescription(/must be a path on this store starting with a single "\/" or an https:\/\/ address/i);
      await expect(address).toBeFocused();
      // Its label field has nothing to describe it: no empty aria-describedby.
      await expect(items.getByRole("textbox", { name: "Label of item 4", exact: true })).not.toHaveAttribute("aria-describedby");
      const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]).exclude("[data-sonner-toaster]").analyze();
      expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
    });
  });
}
