import AxeBuilder from "@axe-core/playwright";
import { expect, goto, test } from "./fixtures";
import { addToCartThroughApi, buyThroughApi, registerShopper } from "./journeys";

for (const theme of ["light", "dark"] as const) {
  test.describe(`a shopper's cart with an item and account with an order, an address and the verify banner, ${theme} theme`, () => {
    test.use({ colorScheme: theme });
    test("has no axe violations", async ({ page, baseURL }) => {
      test.setTimeout(150_000);
      const username = `axe${theme}${Date.now().toString(36)}`;
      await registerShopper(page, { name: "Avery Axe", username, password: "lantern meadow 3310 quartz" });
      const orderNumber = await buyThroughApi(page, { productId: 2, size: "M", email: `${username}@example.com`, name: "Avery Axe" });
      const saved = await page.request.post("/api/account/addresses", { data: { name: "Avery Axe", line1: "9 Birch Road", city: "Austin", region: "TX", postalCode: "73301", country: "US" }, headers: { origin: baseURL! } });
      expect(saved.status()).toBe(201);
      await addToCartThroughApi(page, 30, "M"); // a cart with a line in it, as shoppers see it
      for (const path of ["/cart", "/account", "/account?tab=orders", "/account?tab=addresses", "/account?tab=security", `/account/orders/${orderNumber}`]) {
        await goto(page, path);
        await page.waitForTimeout(300); // the tabs that load their lists
        const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]).exclude("[data-sonner-toaster]").analyze();
        expect(results.violations.map((v) => `${path} ${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
      }
    });
  });
}
