import { expect, test } from "./fixtures";

test("blog filters and search live in the URL; an article opens", async ({ page }) => {
  await page.goto("/blog");
  await expect(page.getByText("Featured · Brand News")).toBeVisible();
  await page.getByRole("link", { name: "Style Guide", exact: true }).click();
  await expect(page).toHaveURL(/category=Style\+Guide/);
  await expect(page.getByText("Featured · Brand News")).toHaveCount(0);
  await expect(page.getByRole("article")).toHaveCount(1);
  await page.getByRole("searchbox", { name: "Search articles" }).fill("sustainability");
  await expect(page.getByText("No articles found matching your criteria.")).toBeVisible();
  await page.getByRole("link", { name: "Clear Filters" }).click();
  await expect(page).toHaveURL(/\/blog$/);
  await expect(page.getByRole("article")).toHaveCount(4);
  await page.getByRole("link", { name: "Five Ways to Wear a Hoodie Beyond the Weekend" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Five Ways to Wear a Hoodie Beyond the Weekend" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "1. Under a coat" })).toBeVisible();
});

test("the contact form validates and sends", async ({ page }) => {
  await page.goto("/contact");
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
    const res = await page.goto("/blog/99");
    expect(res?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "404 Page Not Found" })).toBeVisible();
  });
});

test("an address with a trailing slash leads to the page without it, the query kept", async ({ page }) => {
  for (const [from, to, heading] of [
    ["/terms/", "/terms", /Terms/],
    ["/shipping/?from=mail", "/shipping?from=mail", /Shipping/],
    ["/category/men/", "/category/men", /Men/],
  ] as const) {
    const response = await page.goto(from);
    expect(response!.status()).toBe(200);
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe(to);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
  }
});
