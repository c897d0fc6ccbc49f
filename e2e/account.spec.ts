import type { Page } from "@playwright/test";
import { expect, goto, test } from "./fixtures";
import { addToCart, checkOutWithTestCard, registerShopper } from "./journeys";

const password = "saffron-tunnel 42 kite";
let counter = 0;
const unique = () => `e2e${Date.now().toString(36)}${++counter}${Math.floor(Math.random() * 1000)}`;

async function signUp(page: Page) {
  const username = unique();
  await goto(page, "/signup");
  await page.getByLabel("Full name").fill("Riley Morgan");
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Email address").fill(`${username}@example.com`);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByLabel("Confirm password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page.getByText("Your account has been created successfully.")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Welcome back, Riley Morgan!" })).toBeVisible();
  return username;
}

test("sign up, buy, sign out, sign in: the account shows the profile and the order", async ({ page }) => {
  const username = await signUp(page);
  await expect(page.getByRole("tabpanel").getByText(`${username}@example.com`, { exact: true })).toBeVisible();

  await addToCart(page, 3, "XS");
  const orderNumber = await checkOutWithTestCard(page, { email: `${username}@example.com`, name: "Riley Morgan" });

  await goto(page, "/account");
  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page.getByText("Logged out")).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("link", { name: "Sign in" })).toBeVisible();

  await goto(page, "/login");
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Show password" }).click();
  await expect(page.getByLabel("Password", { exact: true })).toHaveAttribute("type", "text");
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByText("You have successfully logged in.")).toBeVisible();
  await expect(page).toHaveURL(/\/account$/);
  await page.getByRole("tab", { name: "Orders" }).click();
  const row = page.getByRole("link", { name: new RegExp(orderNumber) });
  await expect(row).toContainText("paid");
  await row.click();
  await expect(page.getByRole("heading", { name: `Order ${orderNumber}` })).toBeVisible();
  await expect(page.getByText("500 Pine Street")).toBeVisible();
});

test("signup refuses mismatched passwords before sending anything", async ({ page }) => {
  await goto(page, "/signup");
  await page.getByLabel("Password", { exact: true }).fill("one long password");
  await page.getByLabel("Confirm password", { exact: true }).fill("another long password");
  await expect(page.getByText("Passwords do not match")).toBeVisible();
  await expect(page.getByRole("button", { name: "Create Account" })).toBeDisabled();
});

test("favourites: the heart saves a product, the account lists it, Remove takes it out", async ({ page }) => {
  const username = unique();
  await registerShopper(page, { name: "Riley Morgan", username, password });
  await goto(page, "/category/men/hoodies");
  await page.getByRole("button", { name: "Save Classic Pullover Hoodie to favourites" }).click();
  await expect(page.getByRole("button", { name: "Remove Classic Pullover Hoodie from favourites" })).toHaveAttribute("aria-pressed", "true");
  await goto(page, "/account?tab=favorites");
  const panel = page.getByRole("tabpanel", { name: "Favorites" });
  await expect(panel.getByRole("link", { name: "Classic Pullover Hoodie" })).toBeVisible();
  await panel.getByRole("button", { name: "Remove" }).click();
  await expect(panel.getByText("No favourites yet")).toBeVisible();
});

test("the account page sends signed-out visitors to sign in", async ({ page }) => {
  await goto(page, "/account");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Faccount$/);
  await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
});

test.describe("failed sign-in", () => {
  test.use({ expectedConsoleErrors: [/status of 401/] });
  test("shows 'Login Failed' and keeps the form", async ({ page }) => {
    await goto(page, "/login");
    await page.getByLabel("Username").fill("nobody-at-all");
    await page.getByLabel("Password", { exact: true }).fill("whatever it is");
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page.getByText("Login Failed")).toBeVisible();
    await expect(page.getByText("Invalid username or password")).toBeVisible();
    await expect(page.getByLabel("Username")).toHaveValue("nobody-at-all");
  });
});
