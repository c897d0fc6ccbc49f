import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, goto, hydrated, test } from "./fixtures";
import { addToCart, checkOutWithTestCard, fillCard, registerShopper } from "./journeys";

/** Product 4 is the Essential Crew Tee; its first colour is Black. */
const TEE = 4;
const SHOTS = process.env.E2E_SHOTS_DIR;

type AdminProduct = { variants: { id: number; color: string; size: string; onHand: number }[] };
const variantsOf = async (page: Page) => ((await (await page.request.get(`/api/admin/products/${TEE}`)).json()) as AdminProduct).variants.filter((v) => v.color === "Black");
const onHand = async (page: Page, size: string) => (await variantsOf(page)).find((v) => v.size === size)!.onHand;

async function noAxeViolations(page: Page, where: string) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]).exclude("[data-sonner-toaster]").analyze();
  expect(results.violations.map((v) => `${where} ${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

/** Screenshots for a person to look at, when E2E_SHOTS_DIR names a folder (phone and desktop widths). */
async function shoot(page: Page, name: string) {
  if (!SHOTS) return;
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

for (const theme of ["light", "dark"] as const) {
  test.describe(`${theme} theme`, () => {
    test.use({ colorScheme: theme });

    test("a shopper buys an L; staff swap it to an M; stock moves; the order page shows the edit", async ({ page, browser, baseURL, signInAsStaff }) => {
      test.setTimeout(120_000);
      await signInAsStaff(page);
      for (const v of (await variantsOf(page)).filter((x) => x.size === "L" || x.size === "M")) {
        expect((await page.request.patch(`/api/admin/variants/${v.id}`, { data: { onHand: 30 }, headers: { origin: baseURL! } })).status()).toBe(200);
      }

      // The shopper buys an L with their account.
      const shopper = await (await browser.newContext({ colorScheme: theme })).newPage();
      const username = `edit${theme}${Date.now().toString(36)}`;
      await goto(shopper, "/");
      await registerShopper(shopper, { name: "Casey Morgan", username, password: "velvet-orbit-7 lantern" });
      await addToCart(shopper, TEE, "L");
      const orderNumber = await checkOutWithTestCard(shopper, { email: `${username}@example.com`, name: "Casey Morgan" });
      const [lBefore, mBefore] = [await onHand(page, "L"), await onHand(page, "M")];

      // Staff swap it to an M: preview, then apply.
      await goto(page, `/admin/orders/${orderNumber}`);
      await page.getByRole("button", { name: "Edit order" }).click();
      const editor = page.getByRole("form", { name: "Edit order" });
      const size = editor.getByLabel("Colour and size");
      await expect(size).toHaveValue(/\d+/);
      await size.selectOption({ label: `Black, size M (${mBefore} left)` });
      await editor.getByRole("button", { name: "Preview" }).click();
      const preview = editor.getByRole("region", { name: "Preview" });
      await expect(preview.getByText("Essential Crew Tee: size L → M")).toBeVisible();
      await expect(preview.getByText("Same total: nothing to pay or refund ($0.00).")).toBeVisible();
      await expect(preview.getByRole("heading", { name: "Preview" })).toBeFocused();
      await noAxeViolations(page, "the order editor");
      await shoot(page, `order-edit-preview-${theme}`);
      expect(await onHand(page, "M")).toBe(mBefore);
      await editor.getByRole("button", { name: "Apply changes" }).click();

      const changes = page.getByRole("region", { name: "Changes to this order" });
      await expect(changes.getByText("Essential Crew Tee: size L → M")).toBeVisible();
      await expect(changes.getByText(/^By .+ · /)).toBeVisible();
      await expect(changes.getByText("Applied · Nothing to pay")).toBeVisible();
      await expect(page.getByRole("form", { name: "Edit order" })).toBeHidden();
      await shoot(page, `order-edit-applied-${theme}`);
      expect(await onHand(page, "L")).toBe(lBefore + 1);
      expect(await onHand(page, "M")).toBe(mBefore - 1);

      // The shopper's order page and order history show it, and who made it.
      await goto(shopper, `/account/orders/${orderNumber}`);
      const shown = shopper.getByRole("region", { name: "Changes to this order" });
      await expect(shown.getByText("Essential Crew Tee: size L → M")).toBeVisible();
      await expect(shown.getByText(/^By .+ · /)).toBeVisible();
      await expect(shopper.getByText(/Size: M|M$/).first()).toBeVisible();
      await noAxeViolations(shopper, "the shopper's order page");
      await shoot(shopper, `order-edit-shopper-${theme}`);
      await goto(shopper, "/account/orders");
      await expect(shopper.getByText(/Changed by .+: Essential Crew Tee: size L → M/)).toBeVisible();
      await shoot(shopper, `order-edit-history-${theme}`);
    });

    test("staff add a line to a paid order; the shopper pays the difference through the emailed link", async ({ page, browser, baseURL, signInAsStaff }) => {
      test.setTimeout(120_000);
      await signInAsStaff(page);
      const shopper = await (await browser.newContext({ colorScheme: theme })).newPage();
      await addToCart(shopper, TEE, "L");
      const orderNumber = await checkOutWithTestCard(shopper, { email: `link.${theme}.${Date.now().toString(36)}@example.com` });
      const m = (await variantsOf(page)).find((v) => v.size === "M")!;
      const res = await page.request.post(`/api/admin/orders/${orderNumber}/edits`, { data: { changes: [{ type: "add", variantId: m.id, quantity: 1 }], notify: true }, headers: { origin: baseURL! } });
      expect(res.status(), await res.text()).toBe(201);
      const { edit } = (await res.json()) as { edit: { status: string; differenceCents: number; paymentUrl: string } };
      expect(edit.status).toBe("awaiting_payment");

      await goto(shopper, new URL(edit.paymentUrl).pathname);
      await hydrated(shopper);
      await expect(shopper.getByRole("heading", { name: `Order ${orderNumber}` })).toBeVisible();
      await expect(shopper.getByText("Added 1 × Essential Crew Tee (Black, size M)")).toBeVisible();
      await noAxeViolations(shopper, "the payment link's page");
      await shoot(shopper, `order-edit-pay-${theme}`);
      await fillCard(shopper);
      await shopper.getByRole("button", { name: `Pay $${(edit.differenceCents / 100).toFixed(2)}` }).click();
      await expect(shopper.getByRole("heading", { name: "Paid, thank you" })).toBeVisible();

      await goto(page, `/admin/orders/${orderNumber}`);
      await expect(page.getByRole("region", { name: "Changes to this order" }).getByText(/^Applied · \$\d+\.\d\d paid$/)).toBeVisible();
    });
  });
}
