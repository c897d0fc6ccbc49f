import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, goto, test } from "./fixtures";
import { addToCart, fillCard, fillShippingDetails as fillDetails } from "./journeys";

test("buy with 4242: confirmation page, success page with the order, and the email in the outbox", async ({ page }) => {
  await addToCart(page, 1, "L");
  await page.getByRole("button", { name: "Proceed to Checkout" }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await fillDetails(page);
  await expect(page.getByText("Test mode:")).toBeVisible();
  await fillCard(page, "4242 4242 4242 4242");
  const pay = page.getByRole("button", { name: "Pay $215.99" });
  await pay.click();
  await expect(page.getByText("Payment Successful")).toBeVisible();
  await expect(page).toHaveURL(/\/order-confirmation\?payment_intent=pi_test_/);
  await expect(page.getByRole("heading", { name: "Thank you for your order!" })).toBeVisible();
  const orderNumber = (await page
    .locator("strong")
    .filter({ hasText: /^VS-\d+$/ })
    .textContent())!;
  await expect(page.getByRole("button", { name: "Cart, 0 items" })).toBeVisible();
  const purchases = () => page.evaluate(() => window.dataLayer?.filter((e) => e.event === "purchase").length ?? 0);
  expect(await purchases()).toBe(1);

  const paymentIntent = new URL(page.url()).searchParams.get("payment_intent")!;
  await goto(page, `/checkout/success?payment_intent=${paymentIntent}`);
  await expect(page.getByRole("heading", { name: "Order Confirmed!" })).toBeVisible();
  await expect(page.getByText("Paid", { exact: true })).toBeVisible();
  await expect(page.getByText(orderNumber)).toBeVisible();
  await expect(page.getByText("VSOP Premium Collection - Complete Set")).toBeVisible();
  await expect(page.getByTestId("order-total")).toHaveText("$215.99");
  await expect(page.getByRole("link", { name: "Explore More VSOP" })).toHaveAttribute("href", "/vsop");
  expect(await purchases()).toBe(0); // already sent for this order

  const outbox = join(process.env.E2E_DATA_DIR!, "outbox");
  const mail = readdirSync(outbox)
    .map((f) => readFileSync(join(outbox, f), "utf8"))
    .find((m) => m.includes(orderNumber));
  expect(mail).toContain("To: e2e.shopper@example.com");
});

test.describe("declines", () => {
  test.use({ expectedConsoleErrors: [/status of 402/] });
  test("a declined card keeps the shopper on the form; another card then pays", async ({ page }) => {
    await addToCart(page, 3, "M");
    await goto(page, "/checkout");
    await fillDetails(page);
    await fillCard(page, "4000 0000 0000 0002");
    await page.getByRole("button", { name: /^Pay / }).click();
    await expect(page.getByText("Payment Failed")).toBeVisible();
    await expect(page.getByText("Your card was declined.")).toBeVisible();
    await expect(page).toHaveURL(/\/checkout$/);
    await expect(page.getByLabel("Card number")).toHaveValue("4000 0000 0000 0002");
    await fillCard(page, "4242 4242 4242 4242");
    await page.getByRole("button", { name: /^Pay / }).click();
    await expect(page).toHaveURL(/\/order-confirmation\?payment_intent=/);
  });
});

test("the authentication card returns through /checkout/success", async ({ page }) => {
  await addToCart(page, 3, "L");
  await goto(page, "/checkout");
  await fillDetails(page);
  await fillCard(page, "4000 0025 0000 3155");
  await page.getByRole("button", { name: /^Pay / }).click();
  await expect(page.getByRole("heading", { name: "Confirm your payment" })).toBeVisible();
  await page.getByRole("button", { name: "Complete authentication" }).click();
  await expect(page).toHaveURL(/\/checkout\/success\?payment_intent=pi_test_/);
  await expect(page.getByRole("heading", { name: "Order Confirmed!" })).toBeVisible();
});

test("checkout with an empty cart says so and goes home", async ({ page }) => {
  await goto(page, "/checkout");
  await expect(page.getByText("Empty Cart")).toBeVisible();
  await expect(page.getByText("Your cart is empty. Please add items before checkout.")).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
});

test("the confirmation page without a payment returns home after 3 seconds", async ({ page }) => {
  await goto(page, "/order-confirmation");
  await expect(page.getByRole("link", { name: "View My Orders" })).toHaveAttribute("href", "/account/orders");
  await expect(page).toHaveURL(/\/$/, { timeout: 6000 });
});

test.describe("unknown payments", () => {
  test.use({ expectedConsoleErrors: [/status of 404/] });
  test("the success page says Order Not Found", async ({ page }) => {
    await goto(page, "/checkout/success?payment_intent=pi_test_000000000000");
    await expect(page.getByRole("heading", { name: "Order Not Found" })).toBeVisible();
    await expect(page.getByText("We couldn't find your order. Please check your email for order confirmation.")).toBeVisible();
  });
});
