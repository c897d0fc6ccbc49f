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
const NEW_PASSWORD = "granite meadow lantern 4471";
const ANSWER = { message: "If an account uses that email, we've sent it a link to choose a new password. The link works for 30 minutes." };

/** The token of the last reset link mailed to `to`, other than `not` (the mail goes out without being awaited). */
async function resetTokenFor(to: string, { not }: { not?: string } = {}): Promise<string> {
  for (let i = 0; i < 500; i++) {
    const mail = [...server.mailer.sent].reverse().find((m) => m.to === to && m.subject === "Reset your VSOP Apparel password");
    const token = mail?.text.match(/\/reset-password#token=([A-Za-z0-9_-]{43})/)?.[1];
    if (token && token !== not) return token;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`no reset mail for ${to}`);
}

describe("forgot password", () => {
  it("answers alike for a known and an unknown address; the link comes from PUBLIC_URL, not the Host header", async () => {
    const { email } = await registerShopper(client());
    const known = await client().post("/api/auth/forgot-password", { email: email.toUpperCase() }, { host: "evil.example" });
    const unknown = await client().post("/api/auth/forgot-password", { email: "nobody.here@example.com" });
    expect([known.status, known.body]).toEqual([202, ANSWER]);
    expect([unknown.status, unknown.body]).toEqual([202, ANSWER]);
    await resetTokenFor(email);
    const mail = server.mailer.sent.find((m) => m.to === email && m.subject === "Reset your VSOP Apparel password")!;
    expect(mail.text).toContain("http://store.test/reset-password#token=");
    expect(mail.html).not.toContain("evil.example");
    expect(server.mailer.sent.some((m) => m.to === "nobody.here@example.com")).toBe(false);
  });

  it("a link sets a new password once: every session ends, nobody is signed in by it, the owner is told", async () => {
    const shopper = client();
    const { email, username } = await registerShopper(shopper);
    await client().post("/api/auth/forgot-password", { email });
    const token = await resetTokenFor(email);
    expect((await client().post("/api/auth/reset-password", { token, password: "password" })).body.message).toBe("That password is too common. Choose something harder to guess");
    // A refused password rolls its transaction back: the link still works.
    const reset = await client().post("/api/auth/reset-password", { token, password: NEW_PASSWORD });
    expect(reset.status).toBe(200);
    expect(reset.headers.getSetCookie()).toEqual([]);
    expect((await shopper.get("/api/auth/me")).status).toBe(401);
    expect(server.mailer.sent.at(-1)).toMatchObject({ to: email, subject: "Your VSOP Apparel password was changed" });
    expect((await client().post("/api/auth/login", { username, password: PASSWORD })).status).toBe(401);
    expect((await client().post("/api/auth/login", { username, password: NEW_PASSWORD })).status).toBe(200);
    const again = await client().post("/api/auth/reset-password", { token, password: "another fine passphrase 99" });
    expect([again.status, again.body.message]).toEqual([400, "This link is invalid or has expired. Ask for a new one."]);
  });

  it("a newer link voids the older one, and a link expires after 30 minutes", async () => {
    const { email } = await registerShopper(client());
    await client().post("/api/auth/forgot-password", { email });
    const first = await resetTokenFor(email);
    await client().post("/api/auth/forgot-password", { email });
    const second = await resetTokenFor(email, { not: first });
    expect(second).not.toBe(first);
    expect((await client().post("/api/auth/reset-password", { token: first, password: NEW_PASSWORD })).status).toBe(400);
    server.clock.now = new Date(server.clock.now.getTime() + 31 * 60_000);
    expect((await client().post("/api/auth/reset-password", { token: second, password: NEW_PASSWORD })).status).toBe(400);
    server.clock.now = new Date();
  });

  it("sends at most 3 mails an hour per address (the answer stays the same) and takes 10 requests an hour per IP", async () => {
    const { email } = await registerShopper(client());
    const before = server.mailer.sent.length;
    for (let i = 0; i < 4; i++) expect((await client().post("/api/auth/forgot-password", { email })).body).toEqual(ANSWER);
    const mailedTo = () => server.mailer.sent.slice(before).filter((m) => m.to === email);
    for (let i = 0; i < 500 && mailedTo().length < 3; i++) await new Promise((r) => setTimeout(r, 20));
    await new Promise((r) => setTimeout(r, 100));
    expect(mailedTo()).toHaveLength(3);
    const limited = await startTestServer();
    try {
      for (let i = 0; i < 10; i++) expect((await createApiClient(limited.url).post("/api/auth/forgot-password", { email: `x${i}@example.com` })).status).toBe(202);
      expect((await createApiClient(limited.url).post("/api/auth/forgot-password", { email: "y@example.com" })).status).toBe(429);
    } finally {
      await limited.close();
    }
  });

  it("refuses bad input", async () => {
    expect((await client().post("/api/auth/forgot-password", { email: "nope" })).body.message).toBe("Invalid request: email: Enter a valid email address");
    expect((await client().post("/api/auth/reset-password", { token: "short", password: NEW_PASSWORD })).body.message).toBe("Invalid request: token: This link is invalid or has expired. Ask for a new one.");
    expect((await client().post("/api/auth/reset-password", { token: "a".repeat(43), password: NEW_PASSWORD })).status).toBe(400);
  });
});

describe("account security", () => {
  it("changing the password needs the current one and signs out every other device, not this one", async () => {
    const here = client();
    const { username } = await registerShopper(here);
    const elsewhere = client();
    await elsewhere.post("/api/auth/login", { username, password: PASSWORD }, { "user-agent": "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1" });
    const devices = (await here.get("/api/account/sessions")).body.sessions;
    expect(devices).toHaveLength(2);
    expect(devices[0]).toMatchObject({ current: true });
    expect(devices[1]).toMatchObject({ current: false, device: "Safari on iOS" });

    expect((await here.patch("/api/account/password", { currentPassword: "wrong password here", newPassword: NEW_PASSWORD })).body.message).toBe("Your current password is not right");
    const changed = await here.patch("/api/account/password", { currentPassword: PASSWORD, newPassword: NEW_PASSWORD });
    expect(changed.status).toBe(200);
    expect((await here.get("/api/auth/me")).status).toBe(200);
    expect((await elsewhere.get("/api/auth/me")).status).toBe(401);
  });

  it("signs one device out, or every device", async () => {
    const here = client();
    const { username } = await registerShopper(here);
    const phone = client();
    await phone.post("/api/auth/login", { username, password: PASSWORD });
    const laptop = client();
    await laptop.post("/api/auth/login", { username, password: PASSWORD });
    const devices = (await here.get("/api/account/sessions")).body.sessions as { key: string; current: boolean }[];
    const other = devices.filter((d) => !d.current);
    expect((await here.delete(`/api/account/sessions/${other[0]!.key}`)).body.sessions).toHaveLength(2);
    expect((await here.delete(`/api/account/sessions/${"x".repeat(22)}`)).status).toBe(404);
    expect((await here.delete("/api/account/sessions/bad")).status).toBe(400);
    const stillIn = [(await phone.get("/api/auth/me")).status, (await laptop.get("/api/auth/me")).status].sort();
    expect(stillIn).toEqual([200, 401]);
    expect((await here.post("/api/account/sessions/sign-out-all", {})).status).toBe(200);
    expect([(await here.get("/api/auth/me")).status, (await phone.get("/api/auth/me")).status, (await laptop.get("/api/auth/me")).status]).toEqual([401, 401, 401]);
  });
});
