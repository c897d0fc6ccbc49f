import { E2E_ADMIN } from "./admin-account";
import { expect, type Page } from "@playwright/test";

/** Shopper steps several specs share: the forms are filled the way a person would. */
export async function addToCart(page: Page, productId: number, size: string) {
  await page.goto(`/product/${productId}`);
  await page.getByRole("radio", { name: new RegExp(`^${size}(,|$)`) }).click();
  await page.getByRole("button", { name: /Add to Cart$/ }).click();
  await expect(page.getByRole("dialog", { name: "Your Shopping Cart" })).toBeVisible();
}

export async function fillShippingDetails(page: Page, { email = "e2e.shopper@example.com", name = "Avery Quinn" } = {}) {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Full name").fill(name);
  await page.getByLabel("Address", { exact: true }).fill("500 Pine Street");
  await page.getByLabel("City").fill("Seattle");
  await page.getByLabel("State / region").fill("WA");
  await page.getByLabel("Postal code").fill("98101");
  await page.getByRole("button", { name: "Continue to payment" }).click();
}

export async function fillCard(page: Page, number = "4242 4242 4242 4242") {
  await page.getByLabel("Card number").fill(number);
  await page.getByLabel("Expiry (MM / YY)").fill("12 / 34");
  await page.getByLabel("CVC").fill("123");
}

/** Checks out the current cart with 4242 and answers the order number from the confirmation page. */
export async function checkOutWithTestCard(page: Page, details: { email?: string; name?: string } = {}): Promise<string> {
  await page.goto("/checkout");
  await fillShippingDetails(page, details);
  await fillCard(page);
  await page.getByRole("button", { name: /^Pay / }).click();
  await expect(page).toHaveURL(/\/order-confirmation/);
  return (await page.locator("strong").filter({ hasText: /^VS-\d+$/ }).textContent())!;
}

export async function signUp(page: Page, { name, username, password, email = `${username}@example.com`, origin = "" }: { name: string; username: string; password: string; email?: string; origin?: string }) {
  await page.goto(`${origin}/signup`);
  await page.getByLabel("Full name").fill(name);
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Email address").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByLabel("Confirm password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page).toHaveURL(/\/account$/);
}

/** Signs in as the staff account the e2e web server made. */
export async function signInAsStaff(page: Page) {
  await page.goto("/login");
  await page.getByLabel("Username").fill(E2E_ADMIN.username);
  await page.getByLabel("Password", { exact: true }).fill(E2E_ADMIN.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/account$/);
}
