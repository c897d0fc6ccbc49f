import { readFileSync } from "node:fs";
import { expect, goto, test } from "./fixtures";
import { addToCartThroughApi, fillCard, registerShopper, signUp } from "./journeys";

test("a shopper saves an address at checkout, finds it next time, downloads their data, deletes the account and registers again with the same email", async ({ page }) => {
  test.setTimeout(150_000);
  const username = `leaving${Date.now().toString(36)}`;
  const password = "willow copper 5521 harbor";
  await registerShopper(page, { name: "Morgan Leave", username, password });

  await addToCartThroughApi(page, 2, "M");
  await goto(page, "/checkout");
  await expect(page.getByLabel("Email", { exact: true })).toHaveValue(`${username}@example.com`);
  await page.getByLabel("Full name").fill("Morgan Leave");
  await page.getByLabel("Address", { exact: true }).fill("77 Alder Lane");
  await page.getByLabel("City").fill("Boise");
  await page.getByLabel("State / region").fill("ID");
  await page.getByLabel("Postal code").fill("83702");
  await page.getByLabel("Save this address to my account").check();
  await page.getByRole("button", { name: "Continue to payment" }).click();
  await expect(page.getByText("Address saved to your account")).toBeVisible();
  await fillCard(page);
  await page.getByRole("button", { name: /^Pay / }).click();
  await expect(page).toHaveURL(/\/order-confirmation/);

  await addToCartThroughApi(page, 2, "M");
  await goto(page, "/checkout");
  await expect(page.getByLabel("Saved addresses")).toHaveValue(/.+/);
  await expect(page.getByLabel("Address", { exact: true })).toHaveValue("77 Alder Lane");

  await goto(page, "/account?tab=security");
  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download my data" }).click();
  const data = JSON.parse(readFileSync((await (await downloading).path())!, "utf8"));
  expect(data.profile.username).toBe(username);
  expect(data.addresses[0]).toMatchObject({ line1: "77 Alder Lane", isDefault: true });
  expect(data.orders).toHaveLength(1);

  await page.getByRole("button", { name: "Delete my account…" }).click();
  await page.getByLabel("Your password, to confirm", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Delete my account", exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
  await signUp(page, { name: "Morgan Again", username: `${username}2`, password, email: `${username}@example.com` });
  await expect(page).toHaveURL(/\/account$/);
});
