import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApiClient } from "../test/api-client";
import { PASSWORD, registerShopper } from "../test/accounts-helpers";
import { startTestServer, type TestServer } from "../test/test-server";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const client = () => createApiClient(server.url);
const linkIn = (to: string, subject: string, path: string) => {
  const mail = [...server.mailer.sent].reverse().find((m) => m.to === to && m.subject === subject);
  return mail?.text.match(new RegExp(`${path}#token=([A-Za-z0-9_-]{43})`))?.[1];
};

describe("email verification", () => {
  it("a new account gets a link; following it (no sign-in needed) confirms the email once", async () => {
    const shopper = client();
    const { email, res } = await registerShopper(shopper);
    expect(res.body.user.emailVerified).toBe(false);
    const token = linkIn(email, "Confirm your email for VSOP Apparel", "/verify-email");
    expect(token).toBeDefined();
    expect((await client().post("/api/auth/verify-email", { token })).body.message).toBe("Your email is confirmed. Thank you!");
    expect((await shopper.get("/api/auth/me")).body.emailVerified).toBe(true);
    expect((await client().post("/api/auth/verify-email", { token })).status).toBe(400);
  });

  it("sends a new link on request, 3 an hour, and says so once confirmed", async () => {
    const shopper = client();
    const { email } = await registerShopper(shopper);
    for (let i = 0; i < 3; i++) expect((await shopper.post("/api/account/verify-email/resend", {})).body.message).toBe(`We've sent a new link to ${email}.`);
    expect((await shopper.post("/api/account/verify-email/resend", {})).status).toBe(429);
    const token = linkIn(email, "Confirm your email for VSOP Apparel", "/verify-email");
    await client().post("/api/auth/verify-email", { token });
    expect((await shopper.post("/api/account/verify-email/resend", {})).body.message).toBe("Your email is already confirmed.");
  });
});

describe("changing the email", () => {
  it("needs the password; the new address confirms it and the old one is told; the profile call can't change it", async () => {
    const shopper = client();
    const { email } = await registerShopper(shopper);
    const newEmail = `moved.${Date.now().toString(36)}@example.com`;
    expect((await shopper.patch("/api/account/profile", { email: newEmail })).body.message).toBe("To change your email, use Security: it needs your password and a link sent to the new address");
    expect((await shopper.post("/api/account/email", { password: "not it at all", newEmail })).body.message).toBe("Your password is not right");
    const asked = await shopper.post("/api/account/email", { password: PASSWORD, newEmail });
    expect([asked.status, asked.body.message]).toEqual([202, `We've sent a link to ${newEmail}. Your email changes when you follow it.`]);
    expect((await shopper.get("/api/auth/me")).body.email).toBe(email);
    expect(server.mailer.sent.some((m) => m.to === email && m.subject === "Your VSOP Apparel email is about to change")).toBe(true);
    const token = linkIn(newEmail, "Confirm your new email for VSOP Apparel", "/confirm-email");
    const done = await client().post("/api/auth/confirm-email", { token });
    expect(done.body).toMatchObject({ message: `Your account's email is now ${newEmail}.`, user: { email: newEmail, emailVerified: true } });
    expect((await shopper.get("/api/auth/me")).body.email).toBe(newEmail);
    expect((await client().post("/api/auth/confirm-email", { token })).status).toBe(400);
  });

  it("is refused on confirmation when another account took the address meanwhile", async () => {
    const shopper = client();
    await registerShopper(shopper);
    const wanted = `wanted.${Date.now().toString(36)}@example.com`;
    await shopper.post("/api/account/email", { password: PASSWORD, newEmail: wanted });
    const token = linkIn(wanted, "Confirm your new email for VSOP Apparel", "/confirm-email");
    await registerShopper(client(), { email: wanted });
    const res = await client().post("/api/auth/confirm-email", { token });
    expect([res.status, res.body.message]).toEqual([409, "Another account uses that email now, so yours was not changed"]);
  });

  it("refuses bad input", async () => {
    const shopper = client();
    await registerShopper(shopper);
    expect((await shopper.post("/api/account/email", { password: PASSWORD, newEmail: "nope" })).body.message).toBe("Invalid email change: newEmail: Enter a valid email address");
    expect((await client().post("/api/auth/verify-email", { token: "x" })).status).toBe(400);
    expect((await client().post("/api/account/email", { password: PASSWORD, newEmail: "a@b.co" })).status).toBe(401);
  });
});
