import { readFileSync } from "node:fs";
import type { Browser, Page } from "@playwright/test";
import { E2E_ADMIN } from "./admin-account";
import { expect, test } from "./fixtures";

async function signIn(page: Page, username: string, password: string) {
  await page.goto("/login");
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/account$/);
}

async function shopperWithOrder(browser: Browser) {
  const page = await (await browser.newContext()).newPage();
  const username = `buyer${Date.now().toString(36)}`;
  await page.goto("/signup");
  await page.getByLabel("Full name").fill("Casey Buyer");
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Email address").fill(`${username}@example.com`);
  await page.getByLabel("Password", { exact: true }).fill("meadow copper 5531 river");
  await page.getByLabel("Confirm password", { exact: true }).fill("meadow copper 5531 river");
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page).toHaveURL(/\/account$/);
  await page.goto("/product/3");
  await page.getByRole("radio", { name: /^S(,|$)/ }).click();
  await page.getByRole("button", { name: /Add to Cart$/ }).click();
  await page.goto("/checkout");
  await page.getByLabel("Email").fill(`${username}@example.com`);
  await page.getByLabel("Full name").fill("Casey Buyer");
  await page.getByLabel("Address", { exact: true }).fill("1 Dock Road");
  await page.getByLabel("City").fill("Austin");
  await page.getByLabel("State / region").fill("TX");
  await page.getByLabel("Postal code").fill("73301");
  await page.getByRole("button", { name: "Continue to payment" }).click();
  await page.getByLabel("Card number").fill("4242424242424242");
  await page.getByLabel("Expiry (MM / YY)").fill("1234");
  await page.getByLabel("CVC").fill("123");
  await page.getByRole("button", { name: /^Pay / }).click();
  await expect(page).toHaveURL(/\/order-confirmation/);
  const orderNumber = (await page.locator("strong").filter({ hasText: /^VS-\d+$/ }).textContent())!;
  return { page, orderNumber };
}

test("staff download the catalog feed and ship an order; the shopper sees it shipped", async ({ page, browser }) => {
  const shopper = await shopperWithOrder(browser);

  await signIn(page, E2E_ADMIN.username, E2E_ADMIN.password);
  await expect(page.getByRole("banner").getByRole("link", { name: "Admin" })).toBeVisible();
  await page.goto("/admin/instagram-shop");
  await expect(page.getByText("Instagram Ready")).toBeVisible();
  const downloading = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download Catalog Feed" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^vsop-apparel-instagram-catalog-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = readFileSync((await download.path())!, "utf8");
  expect(csv.split("\n")[0]).toBe(
    "id,item_group_id,title,description,availability,condition,price,sale_price,link,image_link,additional_image_link,brand,size,color,gender,age_group,google_product_category,quantity_to_sell_on_facebook",
  );
  await expect(page.getByText("Instagram Shop catalog has been downloaded successfully.")).toBeVisible();

  await page.goto(`/admin/orders?q=${shopper.orderNumber}`);
  await page.getByRole("link", { name: shopper.orderNumber }).click();
  await page.getByRole("button", { name: "Mark processing" }).click();
  await expect(page.getByRole("button", { name: "Mark shipped" })).toBeVisible();
  await page.getByRole("button", { name: "Mark shipped" }).click();
  await expect(page.getByRole("button", { name: "Mark delivered" })).toBeVisible();

  await shopper.page.goto("/account?tab=orders");
  const row = shopper.page.getByRole("link", { name: new RegExp(shopper.orderNumber) });
  await expect(row.getByText("shipped")).toHaveClass(/bg-blue-100/);
});

test.describe("staff pages", () => {
  test.use({ expectedConsoleErrors: [/status of 404/] });
  test("send visitors to sign in and are not found for customers", async ({ page }) => {
    await page.goto("/admin/instagram-shop");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fadmin%2Finstagram-shop$/);
    const username = `cust${Date.now().toString(36)}`;
    await page.goto("/signup");
    await page.getByLabel("Full name").fill("Pat Customer");
    await page.getByLabel("Username").fill(username);
    await page.getByLabel("Email address").fill(`${username}@example.com`);
    await page.getByLabel("Password", { exact: true }).fill("willow granite 2290 sky");
    await page.getByLabel("Confirm password", { exact: true }).fill("willow granite 2290 sky");
    await page.getByRole("button", { name: "Create Account" }).click();
    await expect(page).toHaveURL(/\/account$/);
    await expect(page.getByRole("banner").getByRole("link", { name: "Admin" })).toHaveCount(0);
    const response = await page.goto("/admin");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "404 Page Not Found" })).toBeVisible();
  });
});
