import { expect, goto, test } from "./fixtures";
import { buyThroughApi, registerShopper } from "./journeys";
import { unusedTotpCode } from "./staff-session";

// The step-up's refusal below is a 403 on purpose, which the browser notes in the console.
test.use({ expectedConsoleErrors: [/status of 403/] });

test("a new Owner sets up a passkey, signs in with it and refunds an order after confirming it's them (Chromium's virtual authenticator)", async ({ page, browser, baseURL, signInAsStaff }) => {
  test.setTimeout(120_000); // a shopper's, the first Owner's and the new Owner's browsers
  // Passkeys belong to a domain name, and the store's public address here is http://localhost:{port}.
  const origin = `http://localhost:${process.env.E2E_PORT}`;
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: { protocol: "ctap2", transport: "internal", hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });

  const shopper = await (await browser.newContext()).newPage();
  const orderNumber = await buyThroughApi(shopper, { productId: 3, size: "S", email: `refund${Date.now().toString(36)}@example.com`, name: "Robin Refund" });

  // The first Owner makes an account an Owner through the API.
  const username = `keyowner${Date.now().toString(36)}`;
  await registerShopper(page, { name: "Kit Owner", username, password: "harbor lantern 6620 quartz", origin });
  const owner = await (await browser.newContext()).newPage();
  await signInAsStaff(owner);
  const { roles } = (await (await owner.request.get("/api/admin/roles")).json()) as { roles: { id: number; key: string | null }[] };
  const added = await owner.request.post("/api/admin/staff", { data: { username, roleId: roles.find((r) => r.key === "owner")!.id }, headers: { origin: baseURL! } });
  expect(added.status(), await added.text()).toBe(201);

  // Nothing opens before a second factor is set up: the new Owner adds a passkey.
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
  // An app as well, then taken away again (a passkey is left).
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

  // A refund asks for the second factor when it was given more than 10 minutes ago. The e2e server's clock can't move,
  // so its first two answers to the refund are that refusal (the server's own words); everything else is real: the
  // dialog, the passkey, the server's check and the refund (server/staff/second-factor-api.test.ts tests the expiry).
  let refusals = 0;
  await page.route(`**/api/admin/orders/${orderNumber}/refunds`, async (route) => {
    if (route.request().method() !== "POST" || refusals >= 2) return route.continue();
    refusals += 1;
    await route.fulfill({ status: 403, json: { message: "Confirm it's you: this needs your second factor again (it was given more than 10 minutes ago).", code: "forbidden", reason: "step_up" } });
  });
  await goto(page, `${origin}/admin/orders/${orderNumber}`);
  const refund = page.getByRole("form", { name: "Refund" });
  await refund.getByLabel("An amount").check();
  await refund.getByLabel("Amount (USD)").fill("1.00");
  await refund.getByLabel(/^Reason/).fill("Goodwill gesture");
  await refund.getByRole("button", { name: "Refund", exact: true }).click();

  // Escape cancels: the refusal stands, and nothing was refunded.
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
  expect(refusals).toBe(2);
  await expect(page.getByText("Refunded $1.00: Goodwill gesture")).toBeVisible();

  // With the password alone, the passkey is asked for on the two-step page before any staff page opens.
  await page.unroute(`**/api/admin/orders/${orderNumber}/refunds`);
  expect((await page.request.post(`${origin}/api/auth/logout`, { data: {}, headers: { origin } })).status()).toBe(200);
  expect((await page.request.post(`${origin}/api/auth/login`, { data: { username, password: "harbor lantern 6620 quartz" }, headers: { origin } })).status()).toBe(200);
  await goto(page, `${origin}/admin/orders`);
  await expect(page).toHaveURL(`${origin}/admin/two-step?redirectTo=%2Fadmin%2Forders`);
  await expect(page.getByText("Use your passkey to finish signing in.")).toBeVisible();
  await page.getByRole("button", { name: "Use a passkey" }).click();
  await expect(page.getByRole("heading", { name: "Orders", level: 1 })).toBeVisible();

  // The server took the passkey as a step-up (audited).
  const audit = await owner.request.get(`/api/admin/audit?actor=${encodeURIComponent(`staff:${username}`)}&action=step-up-passkey`);
  expect(audit.status()).toBe(200);
  expect(((await audit.json()) as { entries: unknown[] }).entries).toHaveLength(1);
});
