import { expect, goto, test } from "./fixtures";
import { E2E_STEP_UP_OWNER } from "./admin-account";
import { buyThroughApi } from "./journeys";
import { unusedTotpCode } from "./staff-session";

// The step-up's refusal below is a 403 on purpose, which the browser notes in the console.
test.use({ expectedConsoleErrors: [/status of 403/] });

test("a new Owner sets up a passkey, signs in with it and refunds an order after confirming it's them (Chromium's virtual authenticator)", async ({ page, browser }) => {
  test.setTimeout(150_000); // a shopper's and the Owner's browsers, and a 30-second step-up window to outlast
  // The second e2e store (playwright.config.ts): its step-up window is 30 seconds, and its Owner was made by
  // admin:create with no second factor. Passkeys belong to a domain name: its public address is http://localhost:{port}.
  const origin = `http://localhost:${process.env.E2E_STEP_UP_PORT}`;
  const { username, password } = E2E_STEP_UP_OWNER;
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: { protocol: "ctap2", transport: "internal", hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });

  const shopper = await (await browser.newContext({ baseURL: origin })).newPage();
  const orderNumber = await buyThroughApi(shopper, { productId: 3, size: "S", email: `refund${Date.now().toString(36)}@example.com`, name: "Robin Refund" });

  // Signed in with the password only, nothing opens before a second factor is set up: the Owner adds a passkey.
  expect((await page.request.post(`${origin}/api/auth/login`, { data: { username, password }, headers: { origin } })).status()).toBe(200);
  await goto(page, `${origin}/admin`);
  await expect(page).toHaveURL(`${origin}/admin/two-step?redirectTo=%2Fadmin`);
  await expect(page.getByRole("heading", { name: "Set up two-step sign-in", level: 1 })).toBeVisible();
  await page.getByLabel("Name it (e.g. Work laptop)").fill("Test laptop");
  await page.getByRole("button", { name: "Add a passkey" }).click();
  await expect(page.getByText("Passkey added. From now on, sign in with it.")).toBeVisible();
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();

  // Signed out and back in with the passkey alone: it is both factors.
  await page.getByRole("complementary", { name: "Staff" }).getByRole("button", { name: "Sign out" }).click();
  // On the sign-in page, Chromium's virtual authenticator may answer the form's autofill request at once and sign in by
  // itself (straight on to /account); otherwise the button does it.
  await expect(page).toHaveURL(new RegExp(`^${origin}/(login|account)$`));
  await page
    .getByRole("button", { name: "Use a passkey" })
    .click({ timeout: 5_000 })
    .catch(() => undefined);
  await expect(page).toHaveURL(`${origin}/account`);
  await goto(page, `${origin}/admin/security`);
  await expect(page.getByRole("heading", { name: "Two-step sign-in", level: 1 })).toBeVisible();
  await expect(page.getByText("One passkey signs you in without a code.")).toBeVisible();
  // An app as well, then taken away again (a passkey is left): both inside the step-up window of the passkey sign-in.
  await page.getByRole("button", { name: "Set up an authenticator app" }).click();
  const secret = (await page.getByTestId("totp-secret").textContent())!.replace(/\s+/g, "");
  await page.getByLabel("6-digit code from the app").fill(await unusedTotpCode(secret));
  await page.getByRole("button", { name: "Turn on the app" }).click();
  await page.getByLabel("I saved these codes").check();
  await page.getByRole("button", { name: "Done" }).click();
  await expect(page.getByRole("button", { name: "Replace authenticator app" })).toBeVisible();
  await page.getByRole("button", { name: "Remove authenticator app" }).click();
  await page.getByRole("alertdialog", { name: "Remove the authenticator app?" }).getByRole("button", { name: "Remove" }).click();
  await expect(page.getByText("Authenticator app removed")).toBeVisible();
  await expect(page.getByRole("button", { name: "Set up an authenticator app" })).toBeVisible();

  // A refund asks for the second factor again once it is older than the window: wait until the server says so.
  await goto(page, `${origin}/admin/orders/${orderNumber}`);
  await expect
    .poll(async () => ((await (await page.request.get(`${origin}/api/admin/security`)).json()) as { fresh: boolean }).fresh, { timeout: 45_000, intervals: [1_000] })
    .toBe(false);
  const refund = page.getByRole("form", { name: "Refund" });
  await refund.getByLabel("An amount").check();
  await refund.getByLabel("Amount (USD)").fill("1.00");
  await refund.getByLabel(/^Reason/).fill("Goodwill gesture");
  await refund.getByRole("button", { name: "Refund", exact: true }).click();

  // Escape cancels: the server's refusal stands, and nothing was refunded.
  const dialog = page.getByRole("dialog", { name: "Confirm it's you" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Use a passkey" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(refund.getByRole("alert")).toHaveText(/Confirm it's you/);

  // Again, with the passkey: the same call is sent once more and goes through.
  await refund.getByRole("button", { name: "Refund", exact: true }).click();
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Use a passkey" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText("Refund sent")).toBeVisible();
  await expect(page.getByText("Refunded $1.00: Goodwill gesture")).toBeVisible();

  // The server took the passkey as a step-up (audited).
  const audit = await page.request.get(`${origin}/api/admin/audit?actor=${encodeURIComponent(`staff:${username}`)}&action=step-up-passkey`);
  expect(audit.status()).toBe(200);
  expect(((await audit.json()) as { entries: unknown[] }).entries).toHaveLength(1);

  // With the password alone, the passkey is asked for on the two-step page before any staff page opens.
  expect((await page.request.post(`${origin}/api/auth/logout`, { data: {}, headers: { origin } })).status()).toBe(200);
  expect((await page.request.post(`${origin}/api/auth/login`, { data: { username, password }, headers: { origin } })).status()).toBe(200);
  await goto(page, `${origin}/admin/orders`);
  await expect(page).toHaveURL(`${origin}/admin/two-step?redirectTo=%2Fadmin%2Forders`);
  await expect(page.getByText("Use your passkey to finish signing in.")).toBeVisible();
  await page.getByRole("button", { name: "Use a passkey" }).click();
  await expect(page.getByRole("heading", { name: "Orders", level: 1 })).toBeVisible();
});
