import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, goto, test } from "./fixtures";
import { registerShopper } from "./journeys";

/** The reset link in the newest outbox mail to `to` (the e2e server writes mails to DATA_DIR/outbox). */
async function resetLinkFor(to: string): Promise<string> {
  const outbox = join(process.env.E2E_DATA_DIR!, "outbox");
  for (let i = 0; i < 50; i++) {
    const mails = readdirSync(outbox).map((f) => readFileSync(join(outbox, f), "utf8")).filter((m) => m.includes(`To: ${to}`) && m.includes("Reset your VSOP Apparel password"));
    const link = mails.at(-1)?.replace(/=\r?\n/g, "").match(/https?:\/\/[^\s"<>]+\/reset-password#token=3D([A-Za-z0-9_-]{43})|https?:\/\/[^\s"<>]+\/reset-password#token=([A-Za-z0-9_-]{43})/);
    if (link) return `/reset-password#token=${link[1] ?? link[2]}`;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no reset mail for ${to}`);
}

test("a shopper who forgot the password gets a link by email, chooses a new one, and signs in with it", async ({ page }) => {
  const username = `forgetful${Date.now().toString(36)}`;
  await registerShopper(page, { name: "Sky Forgetful", username, password: "harbor lantern 2231 quartz" });
  await page.context().clearCookies();

  await goto(page, "/login");
  await page.getByRole("link", { name: "Forgot your password?" }).click();
  await page.getByLabel("Email").fill(`${username}@example.com`);
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(page.getByRole("status")).toContainText("If an account uses that email, we've sent it a link");

  await goto(page, await resetLinkFor(`${username}@example.com`));
  await expect(page).toHaveURL(/\/reset-password$/); // the token leaves the address bar
  await page.getByLabel("New password", { exact: true }).fill("copper meadow 9182 river");
  await page.getByLabel("Confirm new password", { exact: true }).fill("copper meadow 9182 river");
  await page.getByRole("button", { name: "Save new password" }).click();
  await page.getByRole("link", { name: "Sign in with the new password" }).click();
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Password", { exact: true }).fill("copper meadow 9182 river");
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/account$/);

  await goto(page, "/account?tab=security");
  await expect(page.getByText("This device")).toBeVisible();
});
