import { expect, goto, test } from "./fixtures";

test("blog filters and search live in the URL; an article opens", async ({ page }) => {
  await goto(page, "/blog");
  await expect(page.getByText("Featured · Brand News")).toBeVisible();
  await page.getByRole("link", { name: "Style Guide", exact: true }).click();
  await expect(page).toHaveURL(/category=Style\+Guide/);
  await expect(page.getByText("Featured · Brand News")).toHaveCount(0);
  await expect(page.getByRole("article")).toHaveCount(1);
  await page.getByRole("searchbox", { name: "Search articles" }).fill("sustainability");
  await expect(page.getByText("No articles found matching your criteria.")).toBeVisible();
  await page.getByRole("link", { name: "Clear Filters" }).click();
  await expect(page).toHaveURL(/\/blog$/);
  // The four seeded articles (staff may have published more in another test by now).
  await expect(page.getByRole("article").filter({ hasText: "Five Ways to Wear a Hoodie Beyond the Weekend" })).toHaveCount(1);
  expect(await page.getByRole("article").count()).toBeGreaterThanOrEqual(4);
  await page.getByRole("link", { name: "Five Ways to Wear a Hoodie Beyond the Weekend" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Five Ways to Wear a Hoodie Beyond the Weekend" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "1. Under a coat" })).toBeVisible();
});

test("the contact form validates and sends", async ({ page }) => {
  await goto(page, "/contact");
  await page.getByRole("button", { name: "Send message" }).click();
  await expect(page.getByText("Your name is required")).toBeVisible();
  await page.getByLabel("Your name").fill("Alex Doe");
  await page.getByLabel("Email").fill("alex@example.com");
  await page.getByLabel("Topic").selectOption("Sizing & products");
  await page.getByLabel("Message").fill("Does the VSOP hoodie run large?");
  await page.getByRole("button", { name: "Send message" }).click();
  await expect(page.getByText(/reference MSG-\d{6}/)).toBeVisible();
});

test.describe("unknown articles", () => {
  test.use({ expectedConsoleErrors: [/status of 404/] });
  test("show the not-found screen", async ({ page }) => {
    const res = await goto(page, "/blog/99");
    expect(res?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "404 Page Not Found" })).toBeVisible();
  });
});
