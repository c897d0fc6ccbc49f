import { type APIResponse, expect, type Page } from "@playwright/test";
import { goto } from "./fixtures";

/** Shopper steps several specs share: the forms are filled the way a person would. */
export async function addToCart(page: Page, productId: number, size: string) {
  await goto(page, `/product/${productId}`);
  await page.getByRole("radio", { name: new RegExp(`^${size}(,|$)`) }).click();
  await page.getByRole("button", { name: /Add to Cart$/ }).click();
  await expect(page.getByRole("dialog", { name: "Your Shopping Cart" })).toBeVisible();
}

export async function fillShippingDetails(page: Page, { email = "e2e.shopper@example.com", name = "Avery Quinn" } = {}) {
  await page.getByLabel("Email", { exact: true }).fill(email);
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
  await goto(page, "/checkout");
  await fillShippingDetails(page, details);
  await fillCard(page);
  await page.getByRole("button", { name: /^Pay / }).click();
  await expect(page).toHaveURL(/\/order-confirmation/);
  return (await page.locator("strong").filter({ hasText: /^VS-\d+$/ }).textContent())!;
}

/** Signs up through the form, as a shopper does (the journeys about signing up; other tests use registerShopper). */
export async function signUp(page: Page, { name, username, password, email = `${username}@example.com`, origin = "" }: { name: string; username: string; password: string; email?: string; origin?: string }) {
  await goto(page, `${origin}/signup`);
  await page.getByLabel("Full name").fill(name);
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Email address").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByLabel("Confirm password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page).toHaveURL(/\/account$/);
}

/**
 * Makes a shopper's account through the API and signs the page's browser in with it (the answer's session cookie
 * lands in the page's context): set-up for tests about something else than signing up.
 */
export async function registerShopper(page: Page, { name, username, password, email = `${username}@example.com`, origin = "" }: { name: string; username: string; password: string; email?: string; origin?: string }) {
  const res = await page.request.post(`${origin}/api/auth/register`, { data: { name, username, email, password } });
  expect(res.status(), await res.text()).toBe(201);
}

async function ok(res: APIResponse, status = 200) {
  expect(res.status(), `${res.url()}: ${await res.text()}`).toBe(status);
  return res.json();
}

/** Puts one of a product's size (in its first colour) in the page's browser session's cart, through the API. */
export async function addToCartThroughApi(page: Page, productId: number, size: string) {
  const product = await ok(await page.request.get(`/api/products/${productId}`));
  const color: string = product.colors[0] ?? "Default";
  await ok(await page.request.post("/api/cart/items", { data: { productId, quantity: 1, color, size } }), 201);
}

/**
 * Buys one item through the API with the built-in test card, in the page's browser session (its cart, its account):
 * set-up for tests that need an order, not a checkout. Answers the order number.
 */
export async function buyThroughApi(page: Page, { productId, size, email, name }: { productId: number; size: string; email: string; name: string }): Promise<string> {
  await addToCartThroughApi(page, productId, size);
  const address = { line1: "500 Pine Street", city: "Seattle", region: "WA", postalCode: "98101", country: "US" };
  const started = await ok(await page.request.post("/api/create-payment-intent", { data: { email, name, address } }));
  const card = { clientSecret: started.clientSecret, cardNumber: "4242 4242 4242 4242", expiry: "12/34", cvc: "123" };
  expect((await ok(await page.request.post(`/api/test-payments/${started.paymentIntentId}/confirm`, { data: card }))).status).toBe("succeeded");
  return started.orderNumber;
}
