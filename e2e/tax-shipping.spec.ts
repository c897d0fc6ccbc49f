import { expect, goto, test } from "./fixtures";

// Staff adding a California tax zone and rate through /admin/tax (the typo guard and the test panel included) is the
// first step of the journey in e2e/checkout-tax.spec.ts: every spec shares one store, and a second zone for
// California would be refused as a tie.

test("staff add $5.99 shipping under $50 and free shipping from $50 to a zone; the test panel gives each rate's reason", async ({ page, signInAsStaff }) => {
  await signInAsStaff(page);
  await goto(page, "/admin/shipping");
  await expect(page.getByText("Subtotal bands and free-shipping minimums use the subtotal after discounts and before tax.", { exact: false })).toBeVisible();
  const adding = page.getByRole("form", { name: "New shipping zone" });
  await adding.getByLabel("Zone name").fill("Scotland");
  await adding.getByLabel("Region 1: country").selectOption("GB");
  await adding.getByLabel("State or province").selectOption({ label: "Scotland" });
  await adding.getByRole("button", { name: "Add zone" }).click();
  await expect(page.getByText("Zone Scotland added")).toBeVisible();

  const scotland = page.getByRole("region", { name: "Scotland", exact: true });
  await scotland.getByRole("button", { name: "Add a rate to Scotland" }).click();
  let form = scotland.getByRole("form", { name: "New rate for Scotland" });
  await form.getByLabel("Rate name").fill("Standard");
  await form.getByLabel("Rate type").selectOption("price_band");
  await form.getByLabel("Price (USD)").fill("5.99");
  await form.getByLabel("Subtotal under (USD)").fill("50");
  await form.getByRole("button", { name: "Add rate" }).click();
  await expect(page.getByText("Standard added to Scotland")).toBeVisible();

  await scotland.getByRole("button", { name: "Add a rate to Scotland" }).click();
  form = scotland.getByRole("form", { name: "New rate for Scotland" });
  await form.getByLabel("Rate name").fill("Free standard");
  await form.getByLabel("Rate type").selectOption("free_over");
  await form.getByLabel("Free from subtotal (USD)").fill("50");
  await form.getByRole("button", { name: "Add rate" }).click();
  const rates = scotland.getByRole("list", { name: "Rates of Scotland" });
  await expect(rates.getByRole("listitem")).toHaveText([/^Standard · \$5\.99Subtotal under \$50\.00 · 3-5 days/, /^Free standard · FreeSubtotal from \$50\.00 · 3-5 days/]);
  await expect(scotland.getByText("Ships free from $50.00")).toBeVisible();

  const panel = page.getByRole("form", { name: "Test an address" });
  await panel.getByLabel("Country").selectOption("GB");
  await panel.getByLabel("State or province").fill("Scotland");
  await panel.getByLabel("Postal code").fill("EH1 1YZ");
  await panel.getByLabel("Subtotal (USD)").fill("42");
  await panel.getByRole("button", { name: "Test" }).click();
  await expect(page.getByText("Zone Scotland (Scotland) wins over Everywhere (everywhere)", { exact: true })).toBeVisible();
  const answer = page.getByRole("region", { name: "Test an address" });
  await expect(answer.getByRole("listitem").filter({ hasText: /^Offered: Standard ·/ })).toContainText("Subtotal $42.00 is under $50.00");
  await expect(answer.getByRole("listitem").filter({ hasText: /^Not offered: Free standard ·/ })).toContainText("Subtotal $42.00 is under the $50.00 minimum");
  await expect(answer.getByRole("listitem").filter({ hasText: "Standard shipping" })).toContainText("Not offered: zone Scotland is more specific for this address");

  await panel.getByLabel("Subtotal (USD)").fill("60");
  await panel.getByRole("button", { name: "Test" }).click();
  await expect(answer.getByRole("listitem").filter({ hasText: /^Offered: Free standard ·/ })).toContainText("Subtotal $60.00 is at least $50.00");
  await expect(answer.getByText("Checkout offers Free standard (free); the first is chosen unless the shopper picks another.")).toBeVisible();
});
