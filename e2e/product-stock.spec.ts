import type { APIRequestContext, Browser, Page } from "@playwright/test";
import { BASE_URL, expect, goto, test } from "./fixtures";

/**
 * Decision 0041: a product page stays cached across its own sales, and every answer carries the latest stock. A
 * shopper who opens it after a sale sees that stock from the first paint, and the page hydrates with it: React keeps
 * the nodes it was sent, and what the shopper does next still counts the stock that was sent, not the cached page's.
 */
interface Variant {
  color: string;
  size: string;
  available: number;
}

/** Another shopper's checkout, reserving `quantity` of the variant (a stock change, nothing else). */
async function reserve(browser: Browser, productId: number, variant: Variant, quantity: number) {
  const context = await browser.newContext({ baseURL: BASE_URL });
  const request = context.request;
  expect((await request.post("/api/cart/items", { data: { productId, quantity, color: variant.color, size: variant.size } })).status()).toBe(201);
  const details = { email: "stock.buyer@example.com", name: "Stock Buyer", address: { line1: "1 Load Street", city: "Portland", region: "OR", postalCode: "97205", country: "US" } };
  const intent = await request.post("/api/create-payment-intent", { data: details });
  expect(intent.status(), await intent.text()).toBe(200);
  await context.close();
}

const product = async (request: APIRequestContext, id: number): Promise<{ colors: string[]; variants: Variant[]; preorder: boolean }> => (await request.get(`/api/products/${id}`)).json();

/** Marks the purchase panel's buttons as sent, once the document is parsed: hydration keeps these very nodes unless it renders anew. */
function markSent() {
  document.addEventListener("DOMContentLoaded", () => {
    for (const el of document.querySelectorAll("[data-part=purchase] button")) (el as Element & { __sent?: true }).__sent = true;
  });
}

/**
 * The page cached, then a sale, then the page opened: tried again, with another sale, if the cache's life (5 s) ran
 * out on the way. Each try leaves one fewer (3, then 2, then 1), so every try is a sale; gives what was left.
 */
async function openAfterSale(page: Page, browser: Browser, id: number, variant: Variant): Promise<number> {
  for (let left = 3; left >= 1; left--) {
    await page.request.get(`/product/${id}`);
    await reserve(browser, id, variant, (await product(page.request, id)).variants.find((v) => v.color === variant.color && v.size === variant.size)!.available - left);
    const answer = page.waitForResponse((res) => new URL(res.url()).pathname === `/product/${id}` && res.request().resourceType() === "document");
    await goto(page, `/product/${id}`);
    if ((await answer).headers()["x-cache"] === "hit") return left;
  }
  throw new Error("the product page was never served from the cache after a sale");
}

for (const device of ["desktop", "phone @phone"]) {
  test(`a product page cached before a sale shows the sale from the first paint and hydrates with it, ${device}`, async ({ page, browser }) => {
    await page.addInitScript(markSent);
    const ids: number[] = (await (await page.request.get("/api/products?limit=60")).json()).map((p: { id: number }) => p.id);
    // A product sold in stock (not a pre-order), with a size of its first colour (the panel's) that has a few left;
    // each device its own, as the projects run side by side.
    let found: { id: number; variant: Variant } | undefined;
    for (const id of ids.slice(device === "desktop" ? 10 : 35)) {
      const p = await product(page.request, id);
      const variant = p.preorder ? undefined : p.variants.find((v) => v.color === p.colors[0] && v.available >= 6 && v.available <= 40);
      if (variant) {
        found = { id, variant };
        break;
      }
    }
    expect(found).toBeDefined();
    const { id, variant } = found!;
    const left = await openAfterSale(page, browser, id, variant);
    const size = page.getByRole("radio", { name: `${variant.size}, only ${left} left`, exact: true });
    await expect(size).toBeVisible();
    // React kept the panel's buttons it was sent: the sent stock matched what it rendered.
    const replaced = await page.evaluate(() => [...document.querySelectorAll("[data-part=purchase] button")].filter((el) => !(el as Element & { __sent?: true }).__sent).map((el) => el.outerHTML.slice(0, 80)));
    expect(replaced).toEqual([]);
    // Choosing the size counts the stock sent with the page, not the cached page's older data.
    await size.click();
    await expect(page.getByRole("status").filter({ hasText: `Only ${left} left` })).toBeVisible();
    await expect(size).toHaveAttribute("aria-checked", "true");
    const increase = page.getByRole("button", { name: "Increase quantity" });
    for (let quantity = 1; quantity < left; quantity++) await increase.click();
    await expect(increase).toBeDisabled();
  });
}
