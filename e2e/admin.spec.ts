import { readFileSync } from "node:fs";
import type { Browser, Page } from "@playwright/test";
import { E2E_ADMIN } from "./admin-account";
import { expect, goto, test } from "./fixtures";
import { buyThroughApi, registerShopper } from "./journeys";
import { unusedTotpCode } from "./staff-session";

/** The staff sign-in a person goes through: the password, then the code from their authenticator app (issue 29). */
async function signInAsOwner(page: Page) {
  await goto(page, "/login");
  await page.getByLabel("Username").fill(E2E_ADMIN.username);
  await page.getByLabel("Password", { exact: true }).fill(E2E_ADMIN.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/admin\/two-step\?redirectTo=%2Fadmin$/);
  await expect(page.getByRole("heading", { name: "Two-step sign-in", level: 1 })).toBeVisible();
  await page.getByLabel("Enter the 6-digit code from your authenticator app").fill(await unusedTotpCode());
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(/\/admin$/);
}

async function shopperWithOrder(browser: Browser) {
  const page = await (await browser.newContext()).newPage();
  const username = `buyer${Date.now().toString(36)}`;
  await registerShopper(page, { name: "Casey Buyer", username, password: "meadow copper 5531 river" });
  const email = `${username}@example.com`;
  return { page, email, orderNumber: await buyThroughApi(page, { productId: 3, size: "S", email, name: "Casey Buyer" }) };
}

test("staff download the catalog feed and ship an order; the shopper sees it shipped", async ({ page, browser }) => {
  test.setTimeout(120_000); // two shoppers' browsers and the staff one
  const shopper = await shopperWithOrder(browser);

  await signInAsOwner(page);
  await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
  await goto(page, "/admin/instagram-shop");
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

  await goto(page, `/admin/orders?q=${shopper.orderNumber}`);
  await page.getByRole("link", { name: shopper.orderNumber }).click();
  await page.getByRole("button", { name: "Mark processing" }).click();
  await expect(page.getByRole("button", { name: "Mark shipped" })).toBeVisible();
  await page.getByRole("button", { name: "Mark shipped" }).click();
  const ship = page.getByRole("form", { name: "Ship this order" });
  await ship.getByLabel("Carrier").selectOption("UPS");
  await ship.getByLabel("Tracking number").fill("1Z999AA10123456784");
  await ship.getByRole("button", { name: "Mark shipped" }).click();
  await expect(page.getByRole("button", { name: "Mark delivered" })).toBeVisible();
  await expect(page.getByRole("heading", { name: /^Shipped .* with UPS$/ })).toBeVisible();

  await goto(shopper.page, "/account?tab=orders");
  const row = shopper.page.getByRole("link", { name: new RegExp(shopper.orderNumber) });
  await expect(row.getByText("shipped")).toHaveClass(/bg-blue-100/);
  await row.click();
  await expect(shopper.page.getByText("1Z999AA10123456784")).toBeVisible();
  await expect(shopper.page.getByRole("link", { name: /Track parcel/ })).toHaveAttribute("href", "https://www.ups.com/track?tracknum=1Z999AA10123456784");

  // Without signing in, the order number and email find it too, with the address masked.
  const guest = await (await browser.newContext()).newPage();
  await goto(guest, "/");
  await guest.getByRole("contentinfo").getByRole("link", { name: "Track an Order" }).click();
  await guest.getByLabel("Order number").fill(shopper.orderNumber);
  await guest.getByLabel("Email").fill(shopper.email.toUpperCase());
  await guest.getByRole("button", { name: "Find order" }).click();
  await expect(guest.getByRole("heading", { name: `Order ${shopper.orderNumber}` })).toBeVisible();
  await expect(guest.getByText("shipping to C. B.,")).toBeVisible();
  await expect(guest.getByRole("link", { name: /Track parcel/ })).toBeVisible();
});

test("staff see the scheduled feed address with no setup and rotate its token; the old address stops working", async ({ page, request, signInAsStaff }) => {
  await signInAsStaff(page);
  await goto(page, "/admin/instagram-shop");
  const address = page.getByTestId("scheduled-feed-url");
  const pathOf = (url: string | null) => {
    const parsed = new URL(url!);
    return `${parsed.pathname}${parsed.search}`;
  };
  const old = pathOf(await address.textContent());
  expect(old).toMatch(/^\/api\/instagram-shop\/feed\?token=[\w-]{43}$/);
  expect((await request.get(old)).status()).toBe(200); // Meta's fetch: no session, only the token
  await page.getByRole("button", { name: "Rotate token" }).click();
  await expect(page.getByText("The current address stops working at once.")).toBeVisible();
  await page.getByRole("button", { name: "Rotate now" }).click();
  await expect(page.getByText("New feed address")).toBeVisible();
  await expect(address).not.toHaveText(new RegExp(old.split("=")[1]!));
  const fresh = pathOf(await address.textContent());
  expect((await request.get(old)).status()).toBe(401);
  expect((await request.get(fresh)).status()).toBe(200);
});

test.describe("staff pages", () => {
  test.use({ expectedConsoleErrors: [/status of 404/] });
  test("send visitors to sign in and are not found for customers", async ({ page }) => {
    await goto(page, "/admin/instagram-shop");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fadmin%2Finstagram-shop$/);
    await registerShopper(page, { name: "Pat Customer", username: `cust${Date.now().toString(36)}`, password: "willow granite 2290 sky" });
    await goto(page, "/account");
    await expect(page.getByRole("heading", { name: "Welcome back, Pat Customer!" })).toBeVisible();
    await expect(page.getByRole("banner").getByRole("link", { name: "Admin" })).toHaveCount(0);
    const response = await goto(page, "/admin");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "404 Page Not Found" })).toBeVisible();
  });
});
