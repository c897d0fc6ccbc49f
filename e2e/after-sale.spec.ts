import { expect, goto, test } from "./fixtures";
import { addToCart, fillCard, fillShippingDetails } from "./journeys";

test("staff make a 20% code for Men's; a shopper uses it; staff ship with UPS; the shopper tracks it and returns one; staff approve, refund and restock", async ({ page, browser, baseURL, signInAsStaff }) => {
  test.setTimeout(120_000);
  const code = `MEN20E${Date.now().toString(36).toUpperCase()}`;
  const email = `after.sale.${Date.now().toString(36)}@example.com`;

  // Staff: a code for the men's collection, and stock for the tee the shopper buys.
  await signInAsStaff(page);
  const tee = (await (await page.request.get("/api/admin/products/5")).json()) as { product: { colors: string[] }; variants: { id: number; color: string; size: string; onHand: number }[] };
  const variant = tee.variants.find((v) => v.color === tee.product.colors[0] && v.size === "M")!;
  await page.request.patch(`/api/admin/variants/${variant.id}`, { data: { onHand: 40 }, headers: { origin: baseURL! } });
  await goto(page, "/admin/discounts");
  await page.getByLabel("Code", { exact: true }).fill(code);
  await page.getByLabel("Percent off").fill("20");
  await page.getByRole("checkbox", { name: "Men's", exact: true }).check();
  await page.getByRole("button", { name: "Create code" }).click();
  await expect(page.getByRole("cell", { name: code, exact: true })).toBeVisible();

  // The shopper buys two with the code.
  const shopper = await (await browser.newContext()).newPage();
  await addToCart(shopper, 5, "M");
  await addToCart(shopper, 5, "M");
  await goto(shopper, "/checkout");
  await shopper.getByLabel("Discount code").fill(code.toLowerCase());
  await shopper.getByRole("button", { name: "Apply", exact: true }).click();
  await expect(shopper.getByText(`Code ${code} applied: 20% off on Men's`)).toBeVisible();
  await fillShippingDetails(shopper, { email, name: "Rowan Ellis" });
  await fillCard(shopper);
  await shopper.getByRole("button", { name: /^Pay / }).click();
  await expect(shopper).toHaveURL(/\/order-confirmation/);
  const orderNumber = (await shopper.locator("strong").filter({ hasText: /^VS-\d+$/ }).textContent())!;

  // Staff ship it with UPS and it arrives.
  await goto(page, `/admin/orders/${orderNumber}`);
  await page.getByRole("button", { name: "Mark processing" }).click();
  await page.getByRole("button", { name: "Mark shipped" }).click();
  await page.getByRole("form", { name: "Ship this order" }).getByLabel("Tracking number").fill("1Z999AA10123456784");
  await page.getByRole("form", { name: "Ship this order" }).getByRole("button", { name: "Mark shipped" }).click();
  await page.getByRole("button", { name: "Mark delivered" }).click();
  await expect(page.getByRole("button", { name: "Mark delivered" })).toBeHidden();
  const onHand = async () => ((await (await page.request.get("/api/admin/products/5")).json()) as typeof tee).variants.find((v) => v.id === variant.id)!.onHand;
  const before = await onHand();

  // The shopper tracks it and sends one back.
  await goto(shopper, "/orders/lookup");
  await shopper.getByLabel("Order number").fill(orderNumber);
  await shopper.getByLabel("Email").fill(email);
  await shopper.getByRole("button", { name: "Find order" }).click();
  await expect(shopper.getByRole("link", { name: /Track parcel/ })).toHaveAttribute("href", "https://www.ups.com/track?tracknum=1Z999AA10123456784");
  await shopper.getByRole("button", { name: "Return items" }).click();
  await shopper.getByRole("region", { name: "Returns" }).getByRole("combobox").first().selectOption("1");
  await shopper.getByLabel("Why are you returning them?").fill("Runs small; keeping the other one");
  await shopper.getByRole("button", { name: "Request return" }).click();
  await expect(shopper.getByText(`${orderNumber}-R1 · We're looking at it`)).toBeVisible();

  // Staff approve it (the refund goes out) and restock the parcel when it arrives.
  await goto(page, "/admin/returns");
  const row = page.getByRole("row", { name: new RegExp(`${orderNumber}-R1`) });
  await row.getByRole("button", { name: "Approve and refund" }).click();
  await expect(row.getByText(/refunded$/)).toBeVisible();
  await row.getByRole("button", { name: "Parcel received" }).click();
  await expect(row.getByText("restocked", { exact: true })).toBeVisible();
  expect(await onHand()).toBe(before + 1);

  await shopper.getByRole("button", { name: "Find order" }).click();
  await expect(shopper.getByText(`${orderNumber}-R1 · Received: thank you`)).toBeVisible();
  await expect(shopper.getByText(/^\$\d+\.\d\d refunded to your card\.$/)).toBeVisible();
  await expect(shopper.getByText("partially refunded")).toBeVisible();
});
