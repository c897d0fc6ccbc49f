import { expect, goto, reload, test } from "./fixtures";

test("home shows every section of the spec, in order", async ({ page }) => {
  await goto(page, "/");
  await expect(page).toHaveTitle(/VSOP Apparel/);
  const headings = ["VSOP Premium Collection", "The VSOP Collection", "Featured products", "Coming soon", "OUR COLLECTIONS", "Premium Quality", "Unique Designs", "Follow VSOP", "Get VIP early access"];
  const found = await page.getByRole("main").getByRole("heading").allTextContents();
  const positions = headings.map((h) => found.indexOf(h));
  expect(positions.every((p) => p >= 0), `missing: ${headings.filter((_, i) => positions[i]! < 0)}`).toBe(true);
  expect(positions).toEqual([...positions].sort((a, b) => a - b));
  await expect(page.getByRole("link", { name: "SHOP VSOP COLLECTION" })).toHaveAttribute("href", "/vsop");
  await expect(page.getByRole("link", { name: /^PRE-ORDER NOW - SHIPS [A-Z]{3} \d{1,2}$/ })).toHaveAttribute("href", "/product/2");
  await expect(page.getByRole("link", { name: "VIEW ALL PRODUCTS" })).toHaveAttribute("href", "/products");
  await expect(page.getByRole("region", { name: "Featured products" }).getByRole("article")).toHaveCount(4);
  await expect(page.getByRole("meter", { name: /pre-ordered/ })).toBeVisible();
});

test("the countdown ticks every second", async ({ page }) => {
  await goto(page, "/");
  const seconds = page.locator("[data-unit=seconds]").first();
  const first = await seconds.textContent();
  await expect.poll(() => seconds.textContent(), { timeout: 3000 }).not.toBe(first);
});

test("the VIP form: blank is refused, sending disables it, success thanks and clears", async ({ page }) => {
  await goto(page, "/");
  const form = page.getByRole("region", { name: "Get VIP early access" });
  await form.getByRole("button", { name: "Join VIP" }).click();
  await expect(page.getByText("Please enter your email address.")).toBeVisible();
  await page.route("**/api/newsletter", async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 600));
    await route.continue();
  });
  const email = form.getByLabel("Email address");
  await email.fill(`vip-${Date.now()}@example.com`);
  await form.getByRole("button", { name: "Join VIP" }).click();
  await expect(form.getByRole("button", { name: "JOINING VIP..." })).toBeDisabled();
  await expect(email).toBeDisabled();
  await expect(page.getByText("Thanks for subscribing!")).toBeVisible();
  await expect(page.getByText("You'll be the first to know about new VSOP drops and exclusive offers.")).toBeVisible();
  await expect(email).toHaveValue("");
});

test("the exit-intent offer opens once per session and gives a code", async ({ page }) => {
  await page.clock.install();
  await goto(page, "/category/men");
  const leave = () => page.evaluate(() => document.dispatchEvent(new MouseEvent("mouseout", { clientY: -2, relatedTarget: null, bubbles: true })));
  await leave();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await page.clock.fastForward(3500);
  const dialog = page.getByRole("dialog", { name: "Wait! Take 15% off" });
  // The popup is mounted once the page is idle and armed by a timer after that: on a busy machine that may come after
  // the clock moved, so the pointer leaves again until it is armed (it opens at most once either way).
  await expect(async () => {
    await leave();
    await expect(dialog).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  await dialog.getByRole("button", { name: "Get my 15% code" }).click();
  await expect(dialog.getByText("Enter a valid email address.")).toBeVisible();
  await dialog.getByLabel("Email address").fill(`leaving-${Date.now()}@example.com`);
  await dialog.getByRole("button", { name: "Get my 15% code" }).click();
  await expect(page.getByText(/Your 15% code is WELCOME-[0-9A-F]{8}/)).toBeVisible();
  await expect(dialog).toBeHidden();
  await reload(page);
  await page.clock.fastForward(3500);
  await leave();
  await expect(page.getByRole("dialog")).toHaveCount(0);
});

test("/vsop shows the three pieces at the catalogue's prices and opens the style assistant", async ({ page }) => {
  await goto(page, "/vsop");
  await expect(page.getByRole("heading", { level: 1, name: "VSOP Premium Collection" })).toBeVisible();
  await expect(page.getByText(/^Ships [A-Z][a-z]+ \d{1,2}, \d{4}$/)).toBeVisible();
  const cards = page.getByRole("region", { name: "The pieces" }).getByRole("listitem");
  await expect(cards).toHaveCount(3);
  await expect(cards.nth(0)).toContainText("$149.99");
  await expect(cards.nth(1)).toContainText("$79.99");
  await expect(cards.nth(2)).toContainText("$199.99");
  await expect(cards.nth(0)).toContainText("XS, S, M, L, XL, 2XL, 3XL");
  await page.getByRole("button", { name: "AI Style Assistant" }).click();
  const assistant = page.getByRole("dialog", { name: "AI Style Assistant" });
  await expect(assistant.getByRole("tab")).toHaveText(["Style Guide", "Size Guide", "Outfit Ideas"]);
});

test("the data layer records page views, product views and the start of checkout", async ({ page }) => {
  await goto(page, "/product/2");
  await expect(page.getByText(/^Pre-order · Ships [A-Z][a-z]+ \d{1,2}, \d{4}/)).toBeVisible();
  const events = () => page.evaluate(() => (window.dataLayer ?? []).map((e) => e.event).filter(Boolean));
  await expect.poll(events).toEqual(expect.arrayContaining(["page_view", "view_item"]));
  await page.getByRole("radio", { name: /^M(,|$)/ }).click();
  await page.getByRole("button", { name: /Add to Cart$/ }).click();
  await page.getByRole("button", { name: "Proceed to Checkout" }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect.poll(events).toEqual(expect.arrayContaining(["add_to_cart", "begin_checkout"]));
  const lcp = await page.evaluate(() => (window.dataLayer ?? []).some((e) => e.event === "page_load_time"));
  expect(lcp).toBe(true);
});
