import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import { expect, goto, test } from "./fixtures";
import { addToCart, buyThroughApi, fillCard, fillShippingDetails, registerShopper } from "./journeys";

/** The e2e server writes mails to DATA_DIR/outbox: each as headers (unfolded) and body (quoted-printable undone). */
function mailsTo(to: string, subject: RegExp) {
  const outbox = join(process.env.E2E_DATA_DIR!, "outbox");
  return readdirSync(outbox)
    .filter((f) => f.endsWith(".eml"))
    .map((f) => readFileSync(join(outbox, f), "utf8").replace(/\r?\n[ \t]+/g, " ").replace(/=\r?\n/g, "").replace(/=3D/g, "="))
    .filter((mail) => new RegExp(`^To: ${to}$`, "m").test(mail) && subject.test(/^Subject: (.*)$/m.exec(mail)?.[1] ?? ""));
}

/** Stock for a variant of a product's first colour, so the journey never meets a sold-out size. */
async function stock(page: Page, baseURL: string, productId: number, size: string) {
  const product = (await (await page.request.get(`/api/admin/products/${productId}`)).json()) as { product: { colors: string[] }; variants: { id: number; color: string; size: string }[] };
  const variant = product.variants.find((v) => v.color === product.product.colors[0] && v.size === size)!;
  await page.request.patch(`/api/admin/variants/${variant.id}`, { data: { onHand: 40 }, headers: { origin: baseURL } });
}

test("an order returned for store credit: staff approve it as credit, the shopper sees it on their account, and it pays for a new order", async ({ page, browser, baseURL, signInAsStaff }) => {
  test.setTimeout(120_000);
  const id = Date.now().toString(36);
  const email = `credit.${id}@example.com`;
  await signInAsStaff(page);
  await stock(page, baseURL!, 5, "M");

  // A signed-in shopper's order, delivered.
  const shopper = await (await browser.newContext()).newPage();
  await registerShopper(shopper, { name: "Casey Moreno", username: `credit${id}`, password: "a long enough password 1", email });
  const orderNumber = await buyThroughApi(shopper, { productId: 5, size: "M", email, name: "Casey Moreno" });
  await goto(page, `/admin/orders/${orderNumber}`);
  await page.getByRole("button", { name: "Mark processing" }).click();
  await page.getByRole("button", { name: "Mark shipped" }).click();
  await page.getByRole("form", { name: "Ship this order" }).getByLabel("Tracking number").fill("1Z999AA10123456784");
  await page.getByRole("form", { name: "Ship this order" }).getByRole("button", { name: "Mark shipped" }).click();
  await page.getByRole("button", { name: "Mark delivered" }).click();
  await expect(page.getByRole("button", { name: "Mark delivered" })).toBeHidden();

  // The shopper sends it back.
  await goto(shopper, "/orders/lookup");
  await shopper.getByLabel("Order number").fill(orderNumber);
  await shopper.getByLabel("Email").fill(email);
  await shopper.getByRole("button", { name: "Find order" }).click();
  await shopper.getByRole("button", { name: "Return items" }).click();
  await shopper.getByRole("region", { name: "Returns" }).getByRole("combobox").first().selectOption("1");
  await shopper.getByLabel("Why are you returning them?").fill("Too big");
  await shopper.getByRole("button", { name: "Request return" }).click();
  await expect(shopper.getByText(`${orderNumber}-R1 · We're looking at it`)).toBeVisible();

  // Staff approve it as store credit: nothing goes back to the card.
  await goto(page, "/admin/returns");
  const row = page.getByRole("row", { name: new RegExp(`${orderNumber}-R1`) });
  await row.getByRole("button", { name: "Approve as store credit" }).click();
  await expect(row.getByText(/^\$\d+\.\d\d in store credit$/)).toBeVisible();
  const credit = /^\$(\d+\.\d\d)/.exec((await row.getByText(/in store credit$/).textContent())!)![1]!;

  // The shopper's account shows it, and staff see it on the customer's page.
  await goto(shopper, "/account");
  await shopper.getByRole("tab", { name: "Store credit" }).click();
  const tab = shopper.getByRole("region", { name: "Store credit" });
  await expect(tab.getByText(`$${credit}`, { exact: true })).toBeVisible();
  await expect(tab.getByRole("cell", { name: new RegExp(`^Return: .*\\(${orderNumber}\\)$`) })).toBeVisible();
  await goto(page, `/admin/customers/${encodeURIComponent(email)}`);
  await expect(page.getByRole("heading", { name: `Store credit: $${credit}` })).toBeVisible();

  // A new order of two (more than the credit): the credit pays first, the card the rest.
  await addToCart(shopper, 5, "M");
  await addToCart(shopper, 5, "M");
  await goto(shopper, "/checkout");
  // The quote (and so the credit on offer) comes once the state and postal code are typed.
  await shopper.getByLabel("Email", { exact: true }).fill(email);
  await shopper.getByLabel("Full name").fill("Casey Moreno");
  await shopper.getByLabel("Address", { exact: true }).fill("500 Pine Street");
  await shopper.getByLabel("City").fill("Seattle");
  await shopper.getByLabel("State / region").fill("WA");
  await shopper.getByLabel("Postal code").fill("98101");
  await shopper.getByRole("checkbox", { name: `Use store credit ($${credit} available)` }).check();
  await expect(shopper.getByText(`−$${credit}`)).toBeVisible();
  await shopper.getByRole("button", { name: "Continue to payment" }).click();
  await fillCard(shopper);
  await shopper.getByRole("button", { name: /^Pay / }).click();
  await expect(shopper).toHaveURL(/\/order-confirmation/);
  await goto(shopper, "/account");
  await shopper.getByRole("tab", { name: "Store credit" }).click();
  await expect(shopper.getByRole("region", { name: "Store credit" }).getByText("$0.00", { exact: true })).toBeVisible();
});

test("a gift card is bought for a friend on the product page, emailed with its code, and redeemed at checkout", async ({ page, browser, signInAsStaff, baseURL }) => {
  test.setTimeout(120_000);
  const id = Date.now().toString(36);
  const friend = `friend.${id}@example.com`;
  await signInAsStaff(page);
  await stock(page, baseURL!, 5, "L");
  const found = (await (await page.request.get("/api/admin/products?q=gift%20card")).json()) as { products: { id: number; name: string }[] };
  const giftCard = found.products.find((p) => p.name === "Gift Card")!;

  // The buyer picks $25, the friend's email and a note.
  const buyer = await (await browser.newContext()).newPage();
  await goto(buyer, `/product/${giftCard.id}`);
  await buyer.getByRole("radio", { name: "$25" }).click();
  await buyer.getByLabel("Recipient's email").fill(friend);
  await buyer.getByLabel("Message").fill("Happy birthday, Jo!");
  await buyer.getByRole("button", { name: /Add to Cart$/ }).click();
  const drawer = buyer.getByRole("dialog", { name: "Your Shopping Cart" });
  await expect(drawer.getByText(`For ${friend} · Sends once paid`)).toBeVisible();
  await goto(buyer, "/checkout");
  await expect(buyer.getByText("No shipping needed: gift cards are emailed.")).toBeVisible();
  await fillShippingDetails(buyer, { email: `buyer.${id}@example.com`, name: "Sam Buyer" });
  await fillCard(buyer);
  await buyer.getByRole("button", { name: "Pay $25.00" }).click();
  await expect(buyer).toHaveURL(/\/order-confirmation/);

  // The friend's email: one, with the code.
  await expect.poll(() => mailsTo(friend, /^Sam Buyer sent you a \$25\.00 .* gift card$/).length).toBe(1);
  const mail = mailsTo(friend, /gift card/)[0]!;
  expect(mail).toContain("Happy birthday, Jo!");
  const code = /gift card code: ([A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4})/.exec(mail)![1]!;

  // The friend spends it on a tee: the card pays $25.00, the card the rest.
  const shopper = await (await browser.newContext()).newPage();
  await addToCart(shopper, 5, "L");
  await goto(shopper, "/checkout");
  await shopper.getByRole("textbox", { name: "Gift card" }).fill(code.toLowerCase());
  await shopper.getByRole("button", { name: "Apply gift card" }).click();
  await expect(shopper.getByText(`Gift card ending in ${code.slice(-4)}: −$25.00`)).toBeVisible();
  await fillShippingDetails(shopper, { email: friend, name: "Jo Friend" });
  await fillCard(shopper);
  await shopper.getByRole("button", { name: /^Pay / }).click();
  await expect(shopper).toHaveURL(/\/order-confirmation/);

  // Staff see the card spent, and its last 4.
  await goto(page, "/admin/gift-cards");
  const card = page.getByRole("row", { name: new RegExp(`•••• ${code.slice(-4)}`) });
  await expect(card.getByText("$0.00")).toBeVisible();
});
