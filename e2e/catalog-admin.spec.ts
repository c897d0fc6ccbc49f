import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import sharp from "sharp";
import { expect, goto, reload, test } from "./fixtures";
import { addToCart, checkOutWithTestCard } from "./journeys";

async function feedRowCount(page: Page): Promise<number> {
  await goto(page, "/admin/instagram-shop");
  const downloading = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download Catalog Feed" }).click();
  const csv = readFileSync((await (await downloading).path())!, "utf8");
  return csv.trim().split("\n").length - 1;
}

test.use({ expectedConsoleErrors: [/status of 40[04]/] }); // the shopper looking at a draft; the refused bulk save

test("staff create a 2 colour x 3 size product, stock and publish it; a shopper finds it, buys it, and the feed grows by 6", async ({ page, browser, signInAsStaff }) => {
  test.setTimeout(150_000);
  const name = `Ridge Knit Sweater ${Date.now().toString(36)}`;
  await signInAsStaff(page);
  const feedBefore = await feedRowCount(page);

  await goto(page, "/admin/products");
  await page.getByRole("link", { name: "New product" }).click();
  await page.getByLabel("Title").fill(name);
  await page.getByLabel("Description").fill("A chunky merino-blend knit for cold mornings.");
  await page.getByLabel("Illustration").selectOption("longsleeve");
  await page.getByLabel("Collection").selectOption("men");
  await page.getByLabel("Subcategory").selectOption("hoodies");
  await page.getByLabel("Price (USD)", { exact: true }).fill("74.50");
  await page.getByLabel("Colours").fill("Oat, Charcoal");
  await page.getByLabel("Sizes").fill("S, M, L");
  await page.getByRole("button", { name: "Create product" }).click();

  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await expect(page.getByText("Status: Draft")).toBeVisible();
  const rows = page.getByRole("region", { name: "Variants and stock" }).getByRole("row");
  await expect(rows).toHaveCount(7); // header + 2 x 3
  const productId = Number(/\/admin\/products\/(\d+)$/.exec(page.url())![1]);

  // A draft is not in the store: shoppers get 404, and staff see it at its preview address (decision 0034: the shared
  // product page never reads who asks).
  const shopper = await (await browser.newContext()).newPage();
  expect((await goto(shopper, `/product/${productId}`))?.status()).toBe(404);
  expect((await goto(shopper, `/product/${productId}?preview=1`))?.status()).toBe(404);
  await goto(page, `/product/${productId}?preview=1`);
  await expect(page.getByText("Staff preview: this product is not on sale")).toBeVisible();
  await goto(page, `/admin/products/${productId}`);

  // Two photos: one for every colour, one for Oat; the first gets its default alt text, the second is described.
  const photo = (hex: string) => sharp({ create: { width: 1200, height: 1500, channels: 3, background: hex } }).jpeg().toBuffer();
  await page.getByLabel("Add photos").setInputFiles([{ name: "front.jpg", mimeType: "image/jpeg", buffer: await photo("#8a7f6a") }]);
  await expect(page.getByLabel("Alt text (photo 1)")).toHaveValue(name);
  await page.getByLabel("For colour").selectOption("Oat");
  await page.getByLabel("Add photos").setInputFiles([{ name: "oat.png", mimeType: "image/png", buffer: await sharp(await photo("#d9cdb4")).png().toBuffer() }]);
  await page.getByLabel("Alt text (photo 2)").fill(`${name} in oat, folded`);
  await page.getByLabel("Alt text (photo 2)").press("Enter");
  await expect(page.getByLabel("Alt text (photo 2)")).toHaveValue(`${name} in oat, folded`);

  for (const size of ["S", "M", "L"]) {
    const input = page.getByLabel(`On hand for VS-${productId}-OAT-${size}`);
    await input.fill("5");
    await input.locator("xpath=..").getByRole("button", { name: "Save" }).click();
    await expect(page.getByText(`VS-${productId}-OAT-${size} now has 5 on hand`)).toBeVisible();
  }
  await page.getByLabel("Status").selectOption("active");
  await page.getByRole("button", { name: "Save product" }).click();
  await expect(page.getByText("Product saved")).toBeVisible();
  await expect(page.getByText("Status: Active")).toBeVisible();
  await expect(page.getByRole("region", { name: "Change history", exact: true })).toContainText("status:active");

  await goto(shopper, "/category/men/hoodies?sort=newest");
  await expect(shopper.getByRole("link", { name }).first()).toBeVisible();
  await expect(shopper.locator("article", { has: shopper.getByRole("link", { name }) }).locator("picture img")).toHaveAttribute("srcset", /-320\.jpg 320w/);
  await goto(shopper, `/search?q=${encodeURIComponent("ridge knit sweater")}`);
  await expect(shopper.getByRole("link", { name }).first()).toBeVisible();
  // The shopper sees the photos as responsive pictures: the first one loads at once, as the page's largest paint.
  await goto(shopper, `/product/${productId}`);
  const main = shopper.locator("picture").first();
  await expect(main.locator('source[type="image/avif"]')).toHaveAttribute("srcset", /\/media\/[a-f0-9]{24}-320\.avif 320w, .*-1200\.avif 1200w$/);
  await expect(main.locator("img")).toHaveAttribute("fetchpriority", "high");
  await expect(main.locator("img")).toHaveAttribute("width", "1200");
  await expect(main.locator("img")).toHaveAttribute("sizes", /vw/);
  expect(await main.locator("img").evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await addToCart(shopper, productId, "M");
  const orderNumber = await checkOutWithTestCard(shopper, { email: "ridge.buyer@example.com", name: "Robin Ridge" });
  expect(orderNumber).toMatch(/^VS-\d+$/);

  expect(await feedRowCount(page)).toBe(feedBefore + 6);
});

test("staff bulk edit: a wrong cell is named and nothing is saved; then many variants' stock and prices are saved at once, one variant priced apart", async ({ page, signInAsStaff }) => {
  await signInAsStaff(page);
  await goto(page, "/admin/products/bulk?q=VS-40-");
  const grid = page.getByRole("region", { name: "Prices and stock" });
  await expect(grid.getByText("High-Rise Wide Leg Jeans")).toBeVisible();

  await page.getByLabel("Compare-at price of VS-40-BLUE-28").fill("50.00"); // below the price (79.99)
  await page.getByLabel("Value for every row shown").fill("25");
  await page.getByRole("button", { name: "Fill" }).click();
  await page.getByRole("button", { name: "Save all" }).click();
  await expect(grid.getByText("VS-40-BLUE-28: the compare-at price must be above the price")).toBeVisible();
  await expect(page.getByLabel("Compare-at price of VS-40-BLUE-28")).toHaveAttribute("aria-invalid", "true");
  await reload(page);
  await expect(page.getByLabel("On hand of VS-40-BLUE-28")).not.toHaveValue("25");

  await page.getByLabel("Value for every row shown").fill("25");
  await page.getByRole("button", { name: "Fill" }).click();
  await page.getByLabel("Column to fill").selectOption({ label: "Price (USD)" });
  await page.getByLabel("Value for every row shown").fill("84.99");
  await page.getByRole("button", { name: "Fill" }).click();
  await page.getByLabel("Price of VS-40-BLUE-28", { exact: true }).fill("89.99");
  await page.getByRole("button", { name: "Save all" }).click();
  await expect(page.getByText(/^Saved \d+ variants$/)).toBeVisible();
  await expect(page.getByLabel("On hand of VS-40-BLUE-26")).toHaveValue("25");
  await expect(page.getByLabel("Price of VS-40-BLUE-28", { exact: true })).toHaveValue("89.99");

  await goto(page, "/product/40");
  await page.getByRole("radio", { name: "26", exact: true }).click();
  await expect(page.getByText("$84.99").first()).toBeVisible();
  await page.getByRole("radio", { name: "28", exact: true }).click();
  await expect(page.getByText("$89.99").first()).toBeVisible();
});

test("staff check a Shopify CSV, see the refused line, then import the fixed file and find its products", async ({ page, signInAsStaff }) => {
  test.setTimeout(120_000);
  // The server's fixture, as drafts so the shared store's listings and feed stay as other tests expect them.
  // Photo addresses on this machine are refused at once (no DNS wait), and reported as notes.
  const csv = readFileSync("server/catalog/shopify-csv/fixtures/shopify-classic.csv", "utf8")
    .replaceAll(",active\n", ",draft\n")
    .replaceAll(",TRUE,Title,", ",FALSE,Title,")
    .replaceAll("https://cdn.shopify.example/", "http://127.0.0.1:9/");
  const fixed = csv.split("\n").filter((l) => !l.startsWith("broken-tee,")).join("\n");
  await signInAsStaff(page);
  await goto(page, "/admin/products");
  await page.getByRole("link", { name: "Import / export CSV" }).click();

  await page.getByLabel("CSV file (up to 25 MB)").setInputFiles({ name: "products.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
  await page.getByRole("button", { name: "Check file" }).click();
  const refused = page.getByRole("region", { name: "Refused lines" });
  await expect(refused.getByRole("row", { name: /184 Variant Price broken-tee 'twelve' is not a price/ })).toBeVisible();
  await expect(page.getByRole("button", { name: "Import" })).toBeDisabled();

  await page.getByLabel("CSV file (up to 25 MB)").setInputFiles({ name: "products-fixed.csv", mimeType: "text/csv", buffer: Buffer.from(fixed) });
  await page.getByRole("button", { name: "Check file" }).click();
  await expect(page.getByRole("heading", { name: "What this file would do" })).toBeVisible();
  await expect(page.getByText("New: Harbor Crew Tee")).toBeVisible();
  await page.getByRole("button", { name: "Import" }).click();
  await expect(page.getByRole("heading", { name: "Imported", exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(/^Notes \(27\): imported with a caveat$/)).toBeVisible();
  await page.getByRole("link", { name: "See the products" }).click();
  await page.getByLabel("Name or handle").fill("harbor-crew-tee");
  await page.getByRole("button", { name: "Find" }).click();
  await expect(page.getByRole("link", { name: "Harbor Crew Tee" })).toBeVisible();
});
