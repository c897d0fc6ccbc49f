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

describe("register, me, logout", () => {
  it("registers, answers {token, user}, sets an HttpOnly session cookie, and logout kills the session", async () => {
    const shopper = client();
    const { username, email, res } = await registerShopper(shopper);
    expect(res.status).toBe(201);
    expect(res.body.user).toMatchObject({ username, email, name: "Jordan Lee", role: "customer" });
    expect(res.body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(res.headers.getSetCookie()[0]).toMatch(/^session=[A-Za-z0-9_-]{43}; Max-Age=\d+; Path=\/; Expires=[^;]+; HttpOnly; SameSite=Lax/);
    expect(JSON.stringify(res.body)).not.toContain("password");

    expect((await shopper.get("/api/auth/me")).body).toMatchObject({ username });
    const bearer = await client().get("/api/auth/me", { authorization: `Bearer ${res.body.token}` });
    expect(bearer.body).toMatchObject({ username });

    expect((await shopper.post("/api/auth/logout", {})).status).toBe(200);
    expect((await shopper.get("/api/auth/me")).status).toBe(401);
    const revoked = await client().get("/api/auth/me", { authorization: `Bearer ${res.body.token}` });
    expect(revoked.status).toBe(401);
    expect(revoked.body).toEqual({ message: "Not signed in", code: "unauthorized" });
  });

  it("uses a Secure __Host- cookie behind HTTPS", async () => {
    const secure = await startTestServer({ secureCookies: true });
    try {
      const { res } = await registerShopper(createApiClient(secure.url));
      expect(res.headers.getSetCookie()[0]).toMatch(/^__Host-session=[A-Za-z0-9_-]{43}; Max-Age=\d+; Path=\/; Expires=[^;]+; HttpOnly; Secure; SameSite=Lax$/);
    } finally {
      await secure.close();
    }
  });

  it.each([
    [{ password: "short1" }, 400, "at least 8 characters"],
    [{ password: "password123" }, 400, "too common"],
    [{ password: "x".repeat(257) }, 400, "at most 256"],
    [{ email: "nope" }, 400, "Enter a valid email address"],
    [{ username: "a b" }, 400, "Username may use"],
    [{ admin: true }, 400, "Unknown field: admin"],
  ])("refuses %j", async (overrides, status, message) => {
    const { res } = await registerShopper(client(), overrides);
    expect(res.status).toBe(status);
    expect(res.body.message).toContain(message);
  });

  it("accepts a 64-character passphrase and keeps every character", async () => {
    const long = "correct horse battery staple ".repeat(3).slice(0, 64);
    const { username, res } = await registerShopper(client(), { password: long });
    expect(res.status).toBe(201);
    expect((await client().post("/api/auth/login", { username, password: long })).status).toBe(200);
    expect((await client().post("/api/auth/login", { username, password: long.slice(0, 63) })).status).toBe(401);
  });

  it("refuses a taken username or email with 409", async () => {
    const first = await registerShopper(client());
    expect((await registerShopper(client(), { username: first.username.toUpperCase() })).res.body).toEqual({ message: "That username is taken", code: "conflict" });
    expect((await registerShopper(client(), { email: first.email })).res.status).toBe(409);
  });
});

describe("login", () => {
  it("signs in by username or email", async () => {
    const { username, email } = await registerShopper(client());
    const byName = await client().post("/api/auth/login", { username, password: PASSWORD });
    expect(byName.status).toBe(200);
    expect(byName.body.user.username).toBe(username);
    expect((await client().post("/api/auth/login", { username: email, password: PASSWORD })).status).toBe(200);
  });

  it("answers an unknown user and a wrong password identically", async () => {
    const { username } = await registerShopper(client());
    const wrong = await client().post("/api/auth/login", { username, password: "not the password" });
    const unknown = await client().post("/api/auth/login", { username: "nobody-here", password: "not the password" });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.text).toBe(unknown.text);
    expect(wrong.body.message).toBe("Invalid username or password");
  });

  it("locks an account after 10 wrong passwords in 15 minutes, even for the right one, then recovers", async () => {
    const { username } = await registerShopper(client());
    for (let i = 0; i < 10; i++) expect((await client().post("/api/auth/login", { username, password: `wrong ${i}` })).status).toBe(401);
    const locked = await client().post("/api/auth/login", { username, password: PASSWORD });
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(locked.body.message).toMatch(/^Too many attempts/);
    server.clock.now = new Date(Date.now() + 16 * 60_000);
    try {
      expect((await client().post("/api/auth/login", { username, password: PASSWORD })).status).toBe(200);
    } finally {
      server.clock.now = new Date();
    }
  });

  it("refuses cross-site and non-JSON sign-ins (CSRF)", async () => {
    const { username } = await registerShopper(client());
    expect((await client().post("/api/auth/login", { username, password: PASSWORD }, { origin: "https://evil.example" })).status).toBe(403);
    expect((await client().post("/api/auth/login", `username=${username}`, { "content-type": "application/x-www-form-urlencoded" })).status).toBe(403);
  });

  it("sessions end after a week idle", async () => {
    const shopper = client();
    await registerShopper(shopper);
    server.clock.now = new Date(Date.now() + 8 * 24 * 60 * 60_000);
    try {
      expect((await shopper.get("/api/auth/me")).status).toBe(401);
    } finally {
      server.clock.now = new Date();
    }
  });
});

describe("cart at sign-in", () => {
  it("merges the anonymous cart into the account's cart, capped at 99", async () => {
    const device1 = client();
    const { username } = await registerShopper(device1);
    await device1.post("/api/cart/items", { productId: 3, quantity: 1, size: "S" });
    await device1.post("/api/auth/logout", {});

    const device2 = client();
    await device2.post("/api/cart/items", { productId: 3, quantity: 2, size: "S" });
    await device2.post("/api/cart/items", { productId: 1, quantity: 1, size: "M" });
    const login = await device2.post("/api/auth/login", { username, password: PASSWORD });
    expect(login.headers.getSetCookie().some((c) => c.startsWith("cart=;"))).toBe(true);
    const cart = (await device2.get("/api/cart")).body;
    expect(cart.items.map((i: { productId: number; quantity: number }) => [i.productId, i.quantity])).toEqual([
      [3, 3],
      [1, 1],
    ]);
    await device2.post("/api/auth/logout", {});
    expect((await device2.get("/api/cart")).body.items).toEqual([]);
  });
});
