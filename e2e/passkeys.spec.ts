import { expect, goto, test } from "./fixtures";
import { registerShopper } from "./journeys";

test.use({ expectedConsoleErrors: [/status of 401/] }); // signing in to the deleted account, on purpose

test("a shopper adds a passkey and signs in with it (Chromium's virtual authenticator)", async ({ page }) => {
  test.setTimeout(120_000);
  // Passkeys belong to a domain name, and the store's public address here is http://localhost:{port}.
  const origin = `http://localhost:${process.env.E2E_PORT}`;
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: { protocol: "ctap2", transport: "internal", hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });

  const username = `keyholder${Date.now().toString(36)}`;
  await registerShopper(page, { name: "Kai Keys", username, password: "ember willow 7710 canyon", origin });
  await goto(page, `${origin}/account?tab=security`);
  await page.getByLabel("Name it (e.g. My phone)").fill("Test laptop");
  await page.getByRole("button", { name: "Add a passkey" }).click();
  await expect(page.getByText("Passkey added")).toBeVisible();
  await expect(page.getByRole("button", { name: "Remove Test laptop" })).toBeVisible();

  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(`${origin}/`);
  await goto(page, `${origin}/login`);
  // Chromium's virtual authenticator may answer the sign-in form's autofill request first and sign in by itself;
  // otherwise the button does it. Either way the passkey signs in.
  await page
    .getByRole("button", { name: "Use a passkey" })
    .click({ timeout: 5_000 })
    .catch(() => undefined);
  await expect(page).toHaveURL(`${origin}/account`);
  await expect(page.getByRole("heading", { name: "Welcome back, Kai Keys!" })).toBeVisible();

  // The passkey also confirms deleting the account.
  await goto(page, `${origin}/account?tab=security`);
  await page.getByRole("button", { name: "Delete my account…" }).click();
  await page.getByRole("button", { name: "Confirm with a passkey" }).click();
  await expect(page).toHaveURL(`${origin}/`);
  await goto(page, `${origin}/login`);
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Password", { exact: true }).fill("ember willow 7710 canyon");
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page.getByText("Invalid username or password")).toBeVisible();
});
