import { expect, goto, test } from "./fixtures";

test("the style assistant answers all three tabs from the catalogue", async ({ page }) => {
  await goto(page, "/vsop");
  await page.getByRole("button", { name: "AI Style Assistant" }).click();
  const dialog = page.getByRole("dialog", { name: "AI Style Assistant" });

  await dialog.getByRole("radio", { name: "streetwear" }).click();
  await dialog.getByRole("radio", { name: "casual" }).click();
  await dialog.getByRole("button", { name: "Black" }).click();
  await expect(dialog.getByRole("button", { name: "Black" })).toHaveAttribute("aria-pressed", "true");
  await dialog.getByLabel("Budget").fill("under 100");
  await dialog.getByRole("button", { name: "Get my recommendation" }).click();
  await expect(dialog.getByText(/^Confidence: \d+%$/)).toBeVisible();
  const suggestion = dialog.getByRole("link").filter({ hasText: "Black ·" }).first();
  await expect(suggestion).toHaveAttribute("href", /^\/product\/\d+$/);

  await dialog.getByRole("tab", { name: "Size Guide" }).click();
  await dialog.getByLabel("Height").fill(`5'10"`);
  await dialog.getByLabel("Weight").fill("160 lbs");
  await dialog.getByLabel("Chest").fill("96 cm");
  await dialog.getByLabel("Waist").fill("32");
  await dialog.getByRole("button", { name: "Find my size" }).click();
  await expect(dialog.getByText("Recommended size")).toBeVisible();
  await expect(dialog.getByText("M", { exact: true })).toBeVisible();

  await dialog.getByRole("tab", { name: "Outfit Ideas" }).click();
  await expect(dialog.getByRole("button", { name: "Choose at least one piece" })).toBeDisabled();
  await dialog.getByRole("button", { name: "VSOP Premium Top" }).click();
  await dialog.getByRole("button", { name: "Get outfit ideas" }).click();
  await expect(dialog.getByRole("listitem").filter({ hasText: "VSOP Premium Hoodie" }).first()).toBeVisible();
});

test("the size guide shows the chart in inches and centimetres", async ({ page }) => {
  await goto(page, "/size-guide");
  const m = page.getByRole("row", { name: /^M / });
  await expect(m).toContainText("37.5–40.5");
  await expect(m).toContainText("95–103");
});
