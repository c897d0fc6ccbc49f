import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, goto, hydrated, test } from "./fixtures";

/** The e2e server writes mails to DATA_DIR/outbox: each as headers (unfolded) and body (quoted-printable undone). */
function mailsTo(to: string, subject: RegExp) {
  const outbox = join(process.env.E2E_DATA_DIR!, "outbox");
  return readdirSync(outbox)
    .sort()
    .map((f) => readFileSync(join(outbox, f), "utf8").replace(/\r?\n[ \t]+/g, " ").replace(/=\r?\n/g, "").replace(/=3D/g, "="))
    .filter((m) => m.includes(`To: ${to}`) && subject.test(/^Subject: (.*)$/m.exec(m)?.[1] ?? ""));
}

test("a shopper asks to hear when a sold-out size is back, confirms by email, staff restock it in /admin, and exactly one email arrives", async ({ page, browser, baseURL, signInAsStaff }) => {
  test.setTimeout(150_000);
  const email = `waiting.${Date.now().toString(36)}@example.com`;
  // Staff sell out two sizes of the Organic Slub V-Neck (no other journey uses it).
  await signInAsStaff(page);
  const product = await (await page.request.get("/api/admin/products/9")).json();
  const variant = (size: string) => product.variants.find((v: { color: string; size: string }) => v.color === "Green" && v.size === size) as { id: number; sku: string };
  const [small, medium] = [variant("S"), variant("M")];
  for (const v of [small, medium]) expect((await page.request.patch(`/api/admin/variants/${v.id}`, { data: { onHand: 0 }, headers: { origin: baseURL! } })).status()).toBe(200);

  const shopper = await (await browser.newContext()).newPage();
  await goto(shopper, "/product/9");
  await shopper.getByRole("radio", { name: "Green" }).click();
  await shopper.getByRole("radio", { name: "S, sold out" }).click();
  await expect(shopper.getByRole("button", { name: /Add to Cart/ })).toHaveCount(0);
  const form = shopper.getByRole("region", { name: "Email me when it's back" });
  await expect(form).toContainText("Green, size S is sold out.");
  const axe = await new AxeBuilder({ page: shopper }).include("main").withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]).analyze();
  expect(axe.violations.map((v) => v.id)).toEqual([]);
  await form.getByRole("button", { name: "Notify me" }).click();
  await expect(form.getByText("Please enter your email address.")).toBeVisible();
  await form.getByLabel("Email").fill(email);
  await form.getByRole("button", { name: "Notify me" }).click();
  await expect(form.getByRole("status")).toHaveText("Check your email to confirm. We'll write once, when it's back.");
  await expect(form.getByRole("status")).toBeFocused();
  // The same shopper also waits for M (a second alert, so the end can prove no second email follows).
  await shopper.getByRole("radio", { name: "M, sold out" }).click();
  await form.getByLabel("Email").fill(email);
  await form.getByRole("button", { name: "Notify me" }).click();
  await expect(form.getByRole("status")).toBeVisible();

  // Each confirmation link opens the confirm page; the token leaves the address bar.
  const confirmations = () => mailsTo(email, /^Confirm your back-in-stock alert for Organic Slub V-Neck$/);
  await expect.poll(() => confirmations().length).toBe(2);
  for (const [i, mail] of confirmations().entries()) {
    // As from the mail app: each link in a new tab.
    const tab = await shopper.context().newPage();
    await goto(tab, /\/alerts\/confirm#token=[\w-]{43}/.exec(mail)![0]);
    await expect(tab).toHaveURL(/\/alerts\/confirm$/);
    await expect(tab.getByRole("status")).toHaveText(`You're on the list. We'll email you once, when Organic Slub V-Neck in Green, size ${i === 0 ? "S" : "M"} is back in stock.`);
    await tab.getByRole("link", { name: "Back to the product" }).click();
    await expect(tab).toHaveURL(/\/product\/9$/);
  }

  // Staff restock S on the product's page in /admin.
  await goto(page, "/admin/products/9");
  const onHand = page.getByLabel(`On hand for ${small.sku}`);
  await onHand.fill("3");
  await onHand.locator("xpath=..").getByRole("button", { name: "Save" }).click();
  await expect(page.getByText(`${small.sku} now has 3 on hand`)).toBeVisible();
  const backInStock = (size: string) => mailsTo(email, new RegExp(`^Back in stock: Organic Slub V-Neck \\(Green, ${size}\\)$`));
  await expect.poll(() => backInStock("S").length).toBe(1);

  // More stock for S, then M comes back: M's email shows the sender has run again since, and S got no second one.
  await onHand.fill("4");
  await onHand.locator("xpath=..").getByRole("button", { name: "Save" }).click();
  await expect(page.getByText(`${small.sku} now has 4 on hand`)).toBeVisible();
  const onHandM = page.getByLabel(`On hand for ${medium.sku}`);
  await onHandM.fill("2");
  await onHandM.locator("xpath=..").getByRole("button", { name: "Save" }).click();
  await expect.poll(() => backInStock("M").length).toBe(1);
  expect(backInStock("S")).toHaveLength(1);

  const [mail] = backInStock("S");
  expect(mail).toContain("Organic Slub V-Neck in Green, size S is available again.");
  expect(mail).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
  const unsubscribe = /^List-Unsubscribe: <https?:\/\/[^/]+(\/unsubscribe\/a\d+-[\w-]{43})>$/m.exec(mail!)![1]!;
  expect(mail).toContain(`/product/9`);

  // The Unsubscribe link asks first (opening it changes nothing), then one button does it, signed out.
  const reader = await (await browser.newContext()).newPage();
  await goto(reader, unsubscribe);
  await expect(reader.getByRole("heading", { level: 1, name: "Stop back-in-stock emails?" })).toBeVisible();
  await reader.getByRole("button", { name: "Unsubscribe" }).click();
  await expect(reader.getByRole("status")).toHaveText("You're unsubscribed: we won't send you any more back-in-stock emails.");
  await expect(reader.getByRole("heading", { level: 1, name: "You're unsubscribed" })).toBeVisible();
});

test("a size sold out from the start: the form is in the page's HTML and stays in place while its code loads", async ({ page, browser, baseURL, signInAsStaff }) => {
  // Staff sell out every size of one colour of the Oversized Heavyweight Hoodie (no other journey uses it); put back at the end.
  await signInAsStaff(page);
  const product = await (await page.request.get("/api/admin/products/12")).json();
  const variants = (product.variants as { id: number; color: string; onHand: number }[]).filter((v) => v.color === product.product.colors[0]);
  const setOnHand = async (id: number, onHand: number) => expect((await page.request.patch(`/api/admin/variants/${id}`, { data: { onHand }, headers: { origin: baseURL! } })).status()).toBe(200);
  for (const v of variants) await setOnHand(v.id, 0);

  const shopper = await (await browser.newContext()).newPage();
  const html = await (await shopper.request.get("/product/12")).text();
  expect(html).toContain("Email me when it&#x27;s back");
  expect(/<div hidden id="S:\d+"/.test(html), "the form is in place, not streamed to the end of the document").toBe(false);

  // The form's code is held back until the page has hydrated: its server HTML must not be removed meanwhile.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  let requested = () => {};
  const asked = new Promise<void>((resolve) => (requested = resolve));
  await shopper.route(/\/alert-sign-up-[\w-]+\.js$/, async (route) => {
    requested();
    await held;
    await route.continue();
  });
  await shopper.addInitScript(() => {
    const w = window as unknown as { moved: number };
    w.moved = 0;
    document.addEventListener("DOMContentLoaded", () =>
      new MutationObserver((records) => {
        // Only the sign-up form counts: other parts of the page (the footer, the reviews) render over their server HTML when they wake.
        for (const record of records) for (const node of record.removedNodes) if (node instanceof Element && node.textContent?.includes("Email me when it")) w.moved++;
      }).observe(document.body, { subtree: true, childList: true }),
    );
  });
  await shopper.goto("/product/12"); // not goto(): this test watches the page while it hydrates
  const form = shopper.getByRole("region", { name: "Email me when it's back" });
  await expect(form).toBeVisible();
  await hydrated(shopper);
  await asked;
  await shopper.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve))));
  expect(await shopper.evaluate(() => (window as unknown as { moved: number }).moved)).toBe(0);
  release();
  // Typing and pressing the button before React has hydrated the form would submit the server's HTML form natively.
  await shopper.waitForFunction(() => {
    const input = document.querySelector("section form input[type=email]");
    return input !== null && Object.keys(input).some((key) => key.startsWith("__reactProps"));
  });
  await form.getByLabel("Email").fill(`early.${Date.now().toString(36)}@example.com`);
  await form.getByRole("button", { name: "Notify me" }).click();
  await expect(form.getByRole("status")).toHaveText("Check your email to confirm. We'll write once, when it's back.");

  for (const v of variants) await setOnHand(v.id, v.onHand);
});
