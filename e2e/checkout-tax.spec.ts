import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { APIRequestContext } from "@playwright/test";
import { expect, goto, test } from "./fixtures";
import { addToCartThroughApi, fillCard } from "./journeys";

/** A tax zone and a shipping zone for San Francisco (postcode prefix 941): more specific than any other spec's zones. */
async function sanFranciscoRules(staff: APIRequestContext, origin: string) {
  const post = async (path: string, data: object) => {
    const res = await staff.post(path, { data, headers: { origin } });
    expect(res.status(), await res.text()).toBe(201);
    return res.json();
  };
  const regions = [{ country: "US", subdivision: "US-CA", postalPrefix: "941" }];
  const taxZone = await post("/api/admin/tax/zones", { name: "San Francisco (checkout spec)", regions });
  await post("/api/admin/tax/rates", { zoneId: taxZone.id, name: "Sales tax", rate: "8.625" });
  const shippingZone = await post("/api/admin/shipping/zones", { name: "San Francisco (checkout spec)", regions });
  await post("/api/admin/shipping/rates", { zoneId: shippingZone.id, name: "Standard", kind: "price_band", amountCents: 599, maxSubtotalCents: 5000, minDays: 3, maxDays: 5 });
  await post("/api/admin/shipping/rates", { zoneId: shippingZone.id, name: "Courier", kind: "flat", amountCents: 1500, minDays: 1, maxDays: 2 });
  return async () => {
    await staff.delete(`/api/admin/tax/zones/${taxZone.id}`, { headers: { origin } });
    await staff.delete(`/api/admin/shipping/zones/${shippingZone.id}`, { headers: { origin } });
  };
}

const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;

test("a shopper in San Francisco sees its tax and shipping at checkout, picks a rate and pays; the order page and the email show the same lines", async ({ page, browser, signInAsStaff, baseURL }) => {
  const staffContext = await browser.newContext({ baseURL });
  const staffPage = await staffContext.newPage();
  await signInAsStaff(staffPage);
  const staff = staffContext.request;
  const removeRules = await sanFranciscoRules(staff, baseURL!);
  try {
    const [product] = await (await page.request.get("/api/products?maxPrice=45&limit=1")).json();
    await addToCartThroughApi(page, product.id, product.sizes[0]);
    const price = Math.round(product.price * 100);
    await goto(page, "/checkout");
    await expect(page.getByText("Enter your state and postal code to see the shipping options.")).toBeVisible();
    await page.getByLabel("Email", { exact: true }).fill("sf.shopper@example.com");
    await page.getByLabel("Full name").fill("Robin Park");
    await page.getByLabel("Address", { exact: true }).fill("1 Market Street");
    await page.getByLabel("City").fill("San Francisco");
    await page.getByLabel("State / region").fill("CA");
    await page.getByLabel("Postal code").fill("94105");

    // Only the rates of the shopper's zone, cheapest first and chosen; the tax is California's 8.625 %.
    const shipping = page.getByRole("group", { name: "Shipping method" });
    await expect(shipping.getByRole("radio")).toHaveCount(2);
    await expect(shipping.getByRole("radio", { name: /Standard/ })).toBeChecked();
    const summary = page.getByRole("complementary", { name: "Order Summary" });
    const tax = Math.floor((price * 8625 + 50_000) / 100_000);
    await expect(summary.getByTestId("cart-shipping")).toHaveText("$5.99");
    await expect(summary.getByText("Tax (8.625%)")).toBeVisible();
    await expect(summary.getByTestId("cart-tax")).toHaveText(money(tax));
    await expect(summary.getByTestId("cart-total")).toHaveText(money(price + 599 + tax));

    await shipping.getByRole("radio", { name: /Courier/ }).check();
    await expect(summary.getByTestId("cart-shipping")).toHaveText("$15.00");
    const total = price + 1500 + tax;
    await expect(summary.getByTestId("cart-total")).toHaveText(money(total));

    await page.getByRole("button", { name: "Continue to payment" }).click();
    await fillCard(page);
    await page.getByRole("button", { name: `Pay ${money(total)}` }).click();
    await expect(page).toHaveURL(/\/order-confirmation/);
    const orderNumber = (await page.locator("strong").filter({ hasText: /^VS-\d+$/ }).textContent())!;

    await goto(page, `/checkout/success?payment_intent=${new URL(page.url()).searchParams.get("payment_intent")}`);
    const lines = [`Subtotal: ${money(price)}`, "Shipping (Courier): $15.00", `Sales tax (8.625%): ${money(tax)}`];
    const charges = page.getByTestId("order-charges");
    for (const line of lines) {
      const [label, amount] = line.split(": ");
      await expect(charges.getByRole("term").filter({ hasText: label! })).toBeVisible();
      await expect(charges.getByRole("definition").filter({ hasText: amount! }).first()).toBeVisible();
    }
    await expect(page.getByTestId("order-total")).toHaveText(money(total));
    await expect(page.getByText("Delivery takes 1-2 business days (Courier).")).toBeVisible();

    const outbox = join(process.env.E2E_DATA_DIR!, "outbox");
    await expect.poll(() => readdirSync(outbox).some((f) => readFileSync(join(outbox, f), "utf8").includes(`order ${orderNumber} is confirmed`))).toBe(true);
    const mail = readdirSync(outbox)
      .map((f) => readFileSync(join(outbox, f), "utf8").replace(/=\r?\n/g, "").replace(/\r\n/g, "\n"))
      .find((m) => m.includes(`order ${orderNumber} is confirmed`))!;
    expect(mail).toContain([...lines, `Total: ${money(total)}`].join("\n"));
  } finally {
    await removeRules();
    await staffContext.close();
  }
});
