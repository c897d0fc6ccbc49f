import AxeBuilder from "@axe-core/playwright";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { BASE_URL, expect, goto, test } from "./fixtures";
import { buyThroughApi } from "./journeys";
import { unusedTotpCode } from "./staff-session";

/** The join link in the newest invitation mail to `to` (the e2e server writes mails to DATA_DIR/outbox). */
async function invitationLinkFor(to: string): Promise<string> {
  const outbox = join(process.env.E2E_DATA_DIR!, "outbox");
  for (let i = 0; i < 50; i++) {
    const mails = readdirSync(outbox).map((f) => readFileSync(join(outbox, f), "utf8")).filter((m) => m.includes(`To: ${to}`) && m.includes("invited to join"));
    const token = mails.at(-1)?.replace(/=\r?\n/g, "").match(/\/admin\/join\?token(?:=3D|=)([A-Za-z0-9_-]{43})/)?.[1];
    if (token) return `/admin/join?token=${token}`;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no invitation mail for ${to}`);
}

// A staff page refused by the member's role answers 403, which the browser notes in the console.
test.use({ expectedConsoleErrors: [/status of 403/] });

test("an Owner invites a Fulfilment member, who joins, sets up an authenticator app and ships an order, but is refused a refund and the settings page", async ({ page, browser, baseURL, signInAsStaff }) => {
  test.setTimeout(120_000); // a shopper's, the Owner's and the member's browsers
  const shopper = await (await browser.newContext()).newPage();
  const orderNumber = await buyThroughApi(shopper, { productId: 3, size: "S", email: `parcel${Date.now().toString(36)}@example.com`, name: "Pat Parcel" });

  // The Owner invites by email from the Staff page.
  const username = `packer${Date.now().toString(36)}`;
  const email = `${username}@example.com`;
  const owner = await (await browser.newContext()).newPage();
  await signInAsStaff(owner);
  await goto(owner, "/admin/staff");
  await owner.getByRole("button", { name: "Invite staff" }).click();
  const invite = owner.getByRole("form", { name: "Invite staff" });
  await invite.getByLabel("Email").fill(email);
  await invite.getByLabel("Name").fill("Sam Packer");
  await invite.getByLabel("Role").selectOption({ label: "Fulfilment" });
  await invite.getByRole("button", { name: "Send invitation" }).click();
  await expect(owner.getByText(`Invitation emailed to ${email}`)).toBeVisible();

  // The link in the email opens the join page: a username and a password, then straight to two-step sign-in.
  await goto(page, await invitationLinkFor(email));
  await expect(page.getByLabel("Email address")).toHaveValue(email);
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Full name").fill("Sam Packer");
  await page.getByRole("textbox", { name: "Password", exact: true }).fill("meadow copper 5531 river");
  await page.getByRole("textbox", { name: "Confirm password" }).fill("meadow copper 5531 river");
  await page.getByRole("button", { name: "Create my staff account" }).click();
  await expect(page).toHaveURL(/\/admin\/two-step/);
  // The link worked once.
  const again = await page.request.get(`/api/auth/staff-invitation?token=${new URL(await invitationLinkFor(email), BASE_URL).searchParams.get("token")}`);
  expect(again.status()).toBe(404);

  // Before anything else, the new member sets up two-step sign-in (issue 29): an authenticator app, then its codes.
  await goto(page, `/admin/orders/${orderNumber}`);
  await expect(page).toHaveURL(/\/admin\/two-step\?redirectTo=/);
  await expect(page.getByRole("heading", { name: "Set up two-step sign-in", level: 1 })).toBeVisible();
  await page.getByRole("button", { name: "Set up an authenticator app" }).click();
  await expect(page.getByRole("img", { name: "QR code for your authenticator app" })).toBeVisible();
  const secret = (await page.getByTestId("totp-secret").textContent())!.replace(/\s+/g, "");
  await page.getByLabel("6-digit code from the app").fill(await unusedTotpCode(secret));
  await page.getByRole("button", { name: "Turn on the app" }).click();
  await expect(page.getByRole("list", { name: "Recovery codes" }).getByRole("listitem")).toHaveCount(10);
  const next = page.getByRole("button", { name: "Continue" });
  await expect(next).toBeDisabled();
  await page.getByLabel("I saved these codes").check();
  await next.click();
  await expect(page.getByRole("heading", { name: `Order ${orderNumber}` })).toBeVisible();
  // What the role can't do is left out: refunds and canceling (which refunds).
  await expect(page.getByRole("form", { name: /refund/i })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Cancel and refund" })).toHaveCount(0);
  await page.getByRole("button", { name: "Mark processing" }).click();
  await page.getByRole("button", { name: "Mark shipped" }).click();
  const ship = page.getByRole("form", { name: "Ship this order" });
  await ship.getByLabel("Carrier").selectOption("UPS");
  await ship.getByLabel("Tracking number").fill("1Z999AA10123456785");
  await ship.getByRole("button", { name: "Mark shipped" }).click();
  await expect(page.getByRole("heading", { name: /^Shipped .* with UPS$/ })).toBeVisible();

  // The server refuses a refund all the same.
  const refund = await page.request.post(`/api/admin/orders/${orderNumber}/refunds`, { data: { amountCents: 100, reason: "Goodwill" }, headers: { origin: baseURL! } });
  expect(refund.status()).toBe(403);
  expect((await refund.json()).message).toMatch(/Your role \(Fulfilment\) doesn't allow this/);

  const settings = await goto(page, "/admin/settings");
  expect(settings?.status()).toBe(403);
  await expect(page.getByRole("heading", { name: "Not allowed" })).toBeVisible();
  await expect(page.getByText("Your role (Fulfilment) doesn't include “Change settings”")).toBeVisible();
});

for (const theme of ["light", "dark"] as const) {
  test.describe(`the staff page, ${theme} theme`, () => {
    test.use({ colorScheme: theme });
    test("/admin/staff has no axe violations, with a role's form open", async ({ page, signInAsStaff }) => {
      await signInAsStaff(page);
      await goto(page, "/admin/staff");
      await expect(page.getByRole("heading", { name: "Staff", level: 1 })).toBeVisible();
      await expect(page.getByRole("region", { name: "Owner" }).getByRole("checkbox", { name: "Refund and decide returns" })).toBeDisabled();
      await page.getByRole("button", { name: "New role" }).click();
      await expect(page.getByLabel("Name").first()).toBeFocused();
      const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]).exclude("[data-sonner-toaster]").analyze();
      expect(results.violations).toEqual([]);
    });
  });
}
