import AxeBuilder from "@axe-core/playwright";
import type { Locator, Page } from "@playwright/test";
import { expect, goto, hydrated, test } from "./fixtures";
import { E2E_ADMIN } from "./admin-account";
import { buyThroughApi, registerShopper } from "./journeys";

const ROUTES = ["/", "/products", "/category/men", "/category/women/dresses", "/category/sale", "/product/2", "/product/30", "/search?q=tee", "/cart", "/vsop", "/blog", "/blog/1", "/about", "/contact", "/size-guide", "/size-guide?product=10", "/shipping", "/faq", "/login", "/signup", "/forgot-password", "/reset-password", "/orders/lookup", "/alerts/confirm", "/unsubscribe/n1-not-a-real-link", `/admin/join?token=${"x".repeat(43)}`, "/no-such-page"];

for (const theme of ["light", "dark"] as const) {
  test.describe(`${theme} theme`, () => {
    test.use({ colorScheme: theme, expectedConsoleErrors: [/status of 404/] });
    for (const path of ROUTES) {
      test(`${path} has no axe violations`, async ({ page }) => {
        await goto(page, path);
        await expect(page.locator("html")).toHaveClass(theme === "dark" ? /dark/ : /^(?!.*dark).*$/);
        const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]).exclude("[data-sonner-toaster]").analyze();
        expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
      });
    }
  });
}

/** Every staff page (the settings, tax and shipping pages have their own tests below), in three tests that run in parallel. */
const PRODUCT_PAGES = ["/admin/products?status=active", "/admin/products/new", "/admin/products/bulk?category=kids", "/admin/products/import", "/admin/collections", "/admin/products/5"];
const CONTENT_PAGES = ["/admin/content", "/admin/menus", "/admin/home", "/admin/discounts", "/admin/recovery", "/admin/drops", "/admin/instagram-shop", "/admin/jobs", "/admin/audit"];
const ORDER_PAGES = ["/admin", "/admin/orders", "/admin/returns", "/admin/reviews?status=published", "/admin/customers"];
/** The reports, over a period that holds the test's own order. */
const REPORT_PAGES = ["sales", "products?groupBy=channel", "sell-through?sort=cover", "returns", "funnel", "funnel?groupBy=product"].map((report) => `/admin/reports/${report}`);

async function expectNoViolations(page: Page, paths: readonly string[]) {
  for (const path of paths) {
    await goto(page, path);
    const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]).exclude("[data-sonner-toaster]").analyze();
    expect(results.violations.map((v) => `${path} ${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
  }
}

for (const theme of ["light", "dark"] as const) {
  test.describe(`staff pages with data, ${theme} theme`, () => {
    test.use({ colorScheme: theme });
    test("products pages have no axe violations", async ({ page, baseURL, signInAsStaff }) => {
      test.setTimeout(30_000 + PRODUCT_PAGES.length * 12_000); // every page fully analysed
      await signInAsStaff(page);
      // A stock change, so the product's change history has a row.
      const variant = (await (await page.request.get("/api/admin/products/5")).json()).variants[0];
      const changed = await page.request.patch(`/api/admin/variants/${variant.id}`, { data: { onHand: variant.onHand + 1 }, headers: { origin: baseURL! } });
      expect(changed.status()).toBe(200);
      await expectNoViolations(page, PRODUCT_PAGES);
      await expect(page.getByRole("region", { name: "Change history", exact: true }).getByRole("row")).not.toHaveCount(0); // the last page: the product
    });

    test("content and marketing pages have no axe violations", async ({ page, baseURL, signInAsStaff }) => {
      test.setTimeout(30_000 + (CONTENT_PAGES.length + 1) * 12_000);
      await signInAsStaff(page);
      // A discount code, so the discounts page has a row (another theme's run may have made it: 409).
      const code = await page.request.post("/api/admin/discounts", { data: { code: "AXE10", kind: "percent", percentOff: 10, collections: ["women"], usageLimit: 50 }, headers: { origin: baseURL! } });
      expect([201, 409]).toContain(code.status());
      const { entries } = (await (await page.request.get("/api/admin/content?kind=page")).json()) as { entries: { id: number }[] };
      await expectNoViolations(page, [...CONTENT_PAGES, `/admin/content/${entries[0]!.id}`]);
    });

    test("orders, customers and reports pages have no axe violations", async ({ page, browser, signInAsStaff }) => {
      test.setTimeout(60_000 + (ORDER_PAGES.length + REPORT_PAGES.length + 3) * 12_000);
      // An order, so the lists have a row and the order's and its customer's pages can be checked.
      const shopper = await (await browser.newContext()).newPage();
      // The product page's view reaches the store's funnel once the page is idle (a beacon), and stores nothing on the
      // device without an analytics choice.
      const beacon = shopper.waitForResponse((r) => r.url().endsWith("/api/funnel/view"));
      await goto(shopper, "/product/3");
      expect((await beacon).status()).toBe(204);
      expect(await shopper.evaluate(() => [sessionStorage.getItem("funnel-session"), document.cookie])).toEqual([null, ""]);
      const email = `axe${theme}${Date.now().toString(36)}@example.com`;
      const orderNumber = await buyThroughApi(shopper, { productId: 3, size: "S", email, name: "Alex Axe" });
      await signInAsStaff(page);
      await expectNoViolations(page, [...ORDER_PAGES, `/admin/orders/${orderNumber}`, `/admin/orders/${orderNumber}/invoice`, `/admin/customers/${encodeURIComponent(email)}`, ...REPORT_PAGES]);
    });
  });
}

for (const theme of ["light", "dark"] as const) {
  test.describe(`store settings, ${theme} theme`, () => {
    // The refused save is a 400, which the browser logs.
    test.use({ colorScheme: theme, expectedConsoleErrors: [/status of 400/] });
    test("/admin/settings, with a field's error showing, has no axe violations", async ({ page, signInAsStaff }) => {
      await signInAsStaff(page);
      await goto(page, "/admin/settings");
      await expect(page.locator("html")).toHaveClass(theme === "dark" ? /dark/ : /^(?!.*dark).*$/);
      // The server's error for a field shows under it (nothing is saved).
      const email = page.getByRole("textbox", { name: "Support email" });
      await email.fill("help at the store");
      await page.getByRole("button", { name: "Save settings" }).last().click();
      await expect(email).toHaveAccessibleDescription("Support email: enter a valid email address");
      await expect(email).toBeFocused();
      const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]).exclude("[data-sonner-toaster]").analyze();
      expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
    });
  });
}

for (const theme of ["light", "dark"] as const) {
  test.describe(`tax and shipping pages with data, ${theme} theme`, () => {
    test.use({ colorScheme: theme });
    test("have no axe violations, with a rate form open and the test panel answered", async ({ page, baseURL, signInAsStaff }) => {
      test.setTimeout(60_000);
      await signInAsStaff(page);
      const post = (path: string, data: unknown) => page.request.post(path, { data, headers: { origin: baseURL! } });
      // A zone with a rate on each page (another theme's run may have made them: 409); the seeded orders give the report its rows.
      const texas = await post("/api/admin/tax/zones", { name: "Texas", regions: [{ country: "US", subdivision: "US-TX" }, { country: "US", subdivision: "US-TX", postalPrefix: "733" }] });
      expect([201, 409]).toContain(texas.status());
      if (texas.status() === 201) expect((await post("/api/admin/tax/rates", { zoneId: (await texas.json()).id, name: "Sales tax", rate: "6.25" })).status()).toBe(201);
      const ni = await post("/api/admin/shipping/zones", { name: "Northern Ireland", regions: [{ country: "GB", subdivision: "GB-NIR" }] });
      expect([201, 409]).toContain(ni.status());
      if (ni.status() === 201) expect((await post("/api/admin/shipping/rates", { zoneId: (await ni.json()).id, name: "Standard", kind: "price_band", amountCents: 599, maxSubtotalCents: 5000, minDays: 3, maxDays: 5 })).status()).toBe(201);
      for (const [path, zone, country, state] of [["/admin/tax", "Texas", "US", "TX"], ["/admin/shipping", "Northern Ireland", "GB", "Northern Ireland"]] as const) {
        await goto(page, path);
        await page.getByRole("button", { name: `Add a rate to ${zone}` }).click();
        const panel = page.getByRole("form", { name: "Test an address" });
        await panel.getByLabel("Country").selectOption(country);
        await panel.getByLabel("State or province").fill(state);
        await panel.getByRole("button", { name: "Test" }).click();
        await expect(page.getByText(new RegExp(`^Zone ${zone} \\(`))).toBeVisible();
        if (path === "/admin/tax") await expect(page.getByRole("region", { name: "Tax collected" }).getByRole("row")).not.toHaveCount(0);
        const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]).exclude("[data-sonner-toaster]").analyze();
        expect(results.violations.map((v) => `${path} ${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
      }
    });
  });
}

const axeViolations = async (page: Page, label: string) =>
  (await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]).exclude("[data-sonner-toaster]").analyze()).violations.map(
    (v) => `${label} ${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`,
  );

for (const theme of ["light", "dark"] as const) {
  test.describe(`two-step sign-in pages, ${theme} theme`, () => {
    // The wrong code (400) and the refusal that opens the step-up dialog (403) are noted in the browser's console.
    test.use({ colorScheme: theme, expectedConsoleErrors: [/status of 40[03]/] });
    test("/admin/two-step (set-up and check) and /admin/security, with the step-up dialog open, have no axe violations", async ({ page, browser, baseURL, signInAsStaff }) => {
      test.setTimeout(90_000);
      // Set-up: a new staff member without a second factor.
      const username = `axe2fa${theme}${Date.now().toString(36)}`;
      await registerShopper(page, { name: "Ash Axe", username, password: "velvet orchard 4471 pine" });
      const owner = await (await browser.newContext()).newPage();
      await signInAsStaff(owner);
      const { roles } = (await (await owner.request.get("/api/admin/roles")).json()) as { roles: { id: number; key: string | null }[] };
      const added = await owner.request.post("/api/admin/staff", { data: { username, roleId: roles.find((r) => r.key === "fulfilment")!.id }, headers: { origin: baseURL! } });
      expect(added.status(), await added.text()).toBe(201);
      await goto(page, "/admin/two-step");
      await expect(page.getByRole("heading", { name: "Set up two-step sign-in", level: 1 })).toBeVisible();
      const violations = await axeViolations(page, "/admin/two-step set-up");
      await page.getByRole("button", { name: "Set up an authenticator app" }).click();
      await expect(page.getByRole("img", { name: "QR code for your authenticator app" })).toBeVisible();
      violations.push(...(await axeViolations(page, "/admin/two-step app")));

      // Check: the e2e Owner's password alone, in a session of its own, with a wrong code's error showing.
      const checking = await (await browser.newContext({ colorScheme: theme })).newPage();
      const signedIn = await checking.request.post("/api/auth/login", { data: { username: E2E_ADMIN.username, password: E2E_ADMIN.password }, headers: { origin: baseURL! } });
      expect(signedIn.status()).toBe(200);
      await goto(checking, "/admin/orders");
      await expect(checking).toHaveURL(/\/admin\/two-step\?redirectTo=%2Fadmin%2Forders$/);
      const code = checking.getByLabel("Enter the 6-digit code from your authenticator app");
      await expect(code).toBeFocused();
      await code.fill("000000");
      await checking.getByRole("button", { name: "Verify" }).click();
      await expect(code).toHaveAccessibleDescription(/That code didn't work/);
      await expect(code).toHaveAttribute("aria-invalid", "true");
      violations.push(...(await axeViolations(checking, "/admin/two-step check")));
      await checking.getByRole("button", { name: "Use a recovery code" }).click();
      await expect(checking.getByLabel("Recovery code")).toBeVisible();
      violations.push(...(await axeViolations(checking, "/admin/two-step recovery code")));

      // The member's own page, and the step-up dialog over it (its refusal answered here: the session is fresh).
      await signInAsStaff(page);
      await goto(page, "/admin/security");
      await expect(page.getByRole("heading", { name: "Two-step sign-in", level: 1 })).toBeVisible();
      violations.push(...(await axeViolations(page, "/admin/security")));
      await page.route("**/api/admin/security/recovery-codes", (route) =>
        route.fulfill({ status: 403, json: { message: "Confirm it's you", code: "forbidden", reason: "step_up" } }),
      );
      await page.getByRole("button", { name: "Get new recovery codes" }).click();
      const dialog = page.getByRole("dialog", { name: "Confirm it's you" });
      await expect(dialog.getByLabel("Enter the 6-digit code from your authenticator app")).toBeFocused();
      violations.push(...(await axeViolations(page, "step-up dialog")));
      await dialog.getByRole("button", { name: "Cancel" }).click();
      await expect(dialog).toBeHidden();
      expect(violations).toEqual([]);
    });
  });
}

/** Presses Tab until the element has focus: the keyboard, not the mouse, gets there. */
async function tabTo(page: Page, target: Locator, max = 80) {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
    await page.keyboard.press("Tab");
  }
  throw new Error(`could not reach ${target} with Tab`);
}

test("the whole purchase works with the keyboard alone", async ({ page }) => {
  test.setTimeout(150_000);
  await goto(page, "/product/3");
  await tabTo(page, page.getByRole("radio", { name: /^L(,|$)/ }));
  await page.keyboard.press("Space");
  await tabTo(page, page.getByRole("button", { name: /Add to Cart$/ }));
  await page.keyboard.press("Enter");
  const drawer = page.getByRole("dialog", { name: "Your Shopping Cart" });
  await expect(drawer).toBeVisible();
  // Escape closes the drawer and puts focus back on the button that added the item: Enter adds one more.
  await page.keyboard.press("Escape");
  await expect(drawer).toBeHidden();
  await expect(page.getByRole("button", { name: /Add to Cart$/ })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(drawer).toBeVisible();
  await expect(drawer.getByRole("group", { name: /^Quantity of / }).locator("output")).toHaveText("2");
  await tabTo(page, drawer.getByRole("button", { name: "Proceed to Checkout" }));
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/checkout$/);
  await hydrated(page);
  const fields: [RegExp | string, string][] = [
    ["Email", "keys@example.com"],
    ["Full name", "Kim Keys"],
    ["Address", "4 Tab Street"],
    ["City", "Denver"],
    ["State / region", "CO"],
    ["Postal code", "80202"],
  ];
  for (const [label, value] of fields) {
    await tabTo(page, page.getByLabel(label, { exact: true }));
    await page.keyboard.type(value);
  }
  await tabTo(page, page.getByRole("button", { name: "Continue to payment" }));
  await page.keyboard.press("Enter");
  for (const [label, value] of [
    ["Card number", "4242424242424242"],
    ["Expiry (MM / YY)", "1234"],
    ["CVC", "123"],
  ] as const) {
    await tabTo(page, page.getByLabel(label));
    await page.keyboard.type(value);
  }
  await tabTo(page, page.getByRole("button", { name: /^Pay / }));
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/order-confirmation\?payment_intent=/);
  await expect(page.getByRole("heading", { name: "Thank you for your order!" })).toBeVisible();
});
