import { expect, goto, reload, test } from "./fixtures";

const prices = async (page: import("@playwright/test").Page) =>
  (await page.getByRole("region", { name: "Products" }).getByRole("article").locator("p.mt-auto > span:first-child").allTextContents()).map((t) =>
    Number(t.replace(/[$,]/g, "")),
  );

test("filter and sort a category, then buy from the product page: drawer totals, quantity, remove, persistence", async ({ page }) => {
  await goto(page, "/category/women");
  const summary = page.getByText(/^\d+ products?$|^Showing/);
  const before = await summary.textContent();

  const filters = page.getByRole("complementary", { name: "Filters" });
  await filters.getByRole("checkbox", { name: "Black" }).check();
  await expect(page).toHaveURL(/colors=Black/);
  await expect(summary).not.toHaveText(before!);
  await filters.getByRole("slider").fill("90");
  await expect(page).toHaveURL(/maxPrice=90/);
  await page.getByLabel("Sort by").selectOption("price-low");
  await expect(page).toHaveURL(/sort=price-low/);
  // Sorting keeps every filter, also one whose page React has not rendered yet when the sort is chosen.
  await expect(page).toHaveURL(/colors=Black/);
  await expect(page).toHaveURL(/maxPrice=90/);
  // The address changes before React renders its page: the grid is the sorted one once the filters' link knows the sort.
  await expect(filters.getByRole("link", { name: "Clear all filters" })).toHaveAttribute("href", "/category/women?sort=price-low");
  const sorted = await prices(page);
  expect(sorted.length).toBeGreaterThan(1);
  expect(sorted).toEqual([...sorted].sort((a, b) => a - b));
  expect(Math.max(...sorted)).toBeLessThanOrEqual(90);

  await page.getByRole("link", { name: "Ribbed Knit Bodycon Dress" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Ribbed Knit Bodycon Dress" })).toBeVisible();
  await page.getByRole("radiogroup", { name: "Colour" }).getByRole("radio", { name: "Brown" }).click();
  const size = page.getByRole("radiogroup", { name: "Size" }).getByRole("radio").and(page.locator(":not([disabled])")).first();
  const sizeName = (await size.textContent())!.trim();
  await size.click();
  await page.getByRole("button", { name: "Add to Cart" }).click();
  await expect(page.getByText("Added to cart", { exact: true })).toBeVisible();

  const drawer = page.getByRole("dialog", { name: "Your Shopping Cart" });
  await expect(drawer).toBeVisible();
  await expect(drawer.getByText(`Colour: Brown · Size: ${sizeName}`)).toBeVisible();
  await expect(drawer.getByTestId("cart-subtotal")).toHaveText("$64.99");
  await expect(drawer.getByTestId("cart-tax")).toHaveText("$5.20");
  await expect(drawer.getByTestId("cart-total")).toHaveText("$70.19");

  await drawer.getByRole("button", { name: "Increase quantity of Ribbed Knit Bodycon Dress" }).click();
  await expect(drawer.getByTestId("cart-subtotal")).toHaveText("$129.98");
  await expect(page.getByRole("button", { name: "Cart, 2 items", includeHidden: true })).toBeAttached();

  await drawer.getByRole("button", { name: "Remove Ribbed Knit Bodycon Dress from cart" }).click();
  await expect(drawer.getByText("Your cart is empty")).toBeVisible();
  await drawer.getByRole("button", { name: "Continue Shopping" }).click();
  await expect(drawer).toBeHidden();

  await page.getByRole("button", { name: "Add to Cart" }).click();
  await expect(drawer.getByRole("listitem")).toHaveCount(1);
  await reload(page);
  await expect(page.getByRole("button", { name: "Cart, 1 item" })).toBeVisible();
  await page.getByRole("button", { name: "Cart, 1 item" }).click();
  await expect(drawer.getByText("Ribbed Knit Bodycon Dress")).toBeVisible();
});

test("two VSOP hoodies in M make one line: 299.98 + 24.00 tax = 323.98 in the drawer and on the cart page", async ({ page }) => {
  await goto(page, "/product/2");
  await expect(page.getByRole("radiogroup", { name: "Colour" })).toHaveCount(0);
  await page.getByRole("radio", { name: /^M(,|$)/ }).click();
  const add = page.getByRole("button", { name: "Pre-order: Add to Cart" });
  await add.click();
  const drawer = page.getByRole("dialog", { name: "Your Shopping Cart" });
  await expect(drawer.getByTestId("cart-subtotal")).toHaveText("$149.99");
  await page.keyboard.press("Escape");
  await expect(drawer).toBeHidden();
  await add.click();
  await expect(drawer.getByRole("listitem")).toHaveCount(1);
  await expect(drawer.getByRole("group", { name: "Quantity of VSOP Premium Hoodie" })).toContainText("2");
  await expect(drawer.getByTestId("cart-subtotal")).toHaveText("$299.98");
  await expect(drawer.getByTestId("cart-tax")).toHaveText("$24.00");
  await expect(drawer.getByTestId("cart-total")).toHaveText("$323.98");

  await goto(page, "/cart");
  const summary = page.getByRole("complementary", { name: "Order Summary" });
  await expect(summary.getByTestId("cart-subtotal")).toHaveText("$299.98");
  await expect(summary.getByText("FREE")).toBeVisible();
  await expect(summary.getByTestId("cart-tax")).toHaveText("$24.00");
  await expect(summary.getByTestId("cart-total")).toHaveText("$323.98");
  await expect(page.getByRole("link", { name: "Proceed to Checkout" })).toHaveAttribute("href", "/checkout");
});

test("quick add from a card confirms with a toast and records add_to_cart", async ({ page }) => {
  await goto(page, "/category/men/hoodies");
  await page.getByRole("button", { name: "Add Classic Pullover Hoodie to cart" }).click();
  await expect(page.getByText("Added to Cart", { exact: true })).toBeVisible();
  await expect(page.getByText("Classic Pullover Hoodie has been added to your cart.")).toBeVisible();
  const events = await page.evaluate(() => window.dataLayer?.filter((e) => e.event === "add_to_cart"));
  expect(events).toEqual([
    {
      event: "add_to_cart",
      action: "add_to_cart",
      category: "ecommerce",
      label: "Classic Pullover Hoodie",
      value: 59.99,
      ecommerce: { currency: "USD", value: 59.99, items: [expect.objectContaining({ item_id: "10", item_name: "Classic Pullover Hoodie", price: 59.99, quantity: 1 })] },
    },
  ]);
});

test("the product quantity box ignores out-of-range typing and clamps on blur", async ({ page }) => {
  await goto(page, "/product/2");
  const quantity = page.getByRole("textbox", { name: "Quantity" });
  await expect(page.getByRole("button", { name: "Decrease quantity" })).toBeDisabled();
  await quantity.fill("0");
  await expect(quantity).toHaveValue("1");
  await quantity.fill("");
  await quantity.pressSequentially("5");
  await expect(quantity).toHaveValue("5");
  await quantity.fill("");
  await quantity.blur();
  await expect(quantity).toHaveValue("5");
});

test("search finds products by words and says when nothing matches", async ({ page }) => {
  await goto(page, "/");
  const box = page.getByRole("banner").getByRole("combobox", { name: "Search products" });
  await box.fill("linen dress");
  await box.press("Enter");
  await expect(page.getByRole("heading", { level: 1, name: "Results for “linen dress”" })).toBeVisible();
  await expect(page.getByRole("article").first()).toContainText("Linen Wrap Midi Dress");
  await goto(page, "/search?q=spacesuit");
  await expect(page.getByRole("heading", { name: "No products match “spacesuit”" })).toBeVisible();
});

test.describe("product pages that do not resolve", () => {
  test.use({ expectedConsoleErrors: [/status of 40[04]/] });

  test("an invalid id and an unknown id", async ({ page }) => {
    await goto(page, "/product/abc");
    await expect(page.getByRole("heading", { name: "Invalid Product" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Go Home" })).toBeVisible();
    await goto(page, "/product/999999");
    await expect(page.getByRole("heading", { name: "Product Not Found" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Go Back" })).toBeVisible();
  });
});

test.describe("phone @phone", () => {
  test("filters live in a sheet", async ({ page }) => {
    await goto(page, "/category/men");
    await page.getByRole("button", { name: "Filters" }).click();
    const sheet = page.getByRole("dialog", { name: "Filters" });
    await sheet.getByText("32", { exact: true }).click();
    await expect(page).toHaveURL(/sizes=32/);
    await expect(sheet.getByRole("button", { name: /^Show \d+ products?$/ })).toBeVisible();
    await sheet.getByRole("button", { name: /^Show \d+ products?$/ }).click();
    await expect(page.getByRole("button", { name: "Filters (1)" })).toBeVisible();
    await expect(page.getByRole("article").first()).toContainText(/Jeans|Denim/);
  });
});
