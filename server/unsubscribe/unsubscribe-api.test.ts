import { parse } from "csv-parse/sync";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { activeAlert, alertRow, backInStockMails, clearAttempts, setStock, variantIdOf } from "../alerts/alert-test-helpers";
import { newsletterSubscribers, storeSettings } from "../db/schema";
import { signedInAdmin } from "../test/admin-helpers";
import { createApiClient } from "../test/api-client";
import { rawHeader, startSmtpCatcher } from "../test/smtp-catcher";
import { startTestServer, type TestServer } from "../test/test-server";
import { unsubscribeLinks } from "./unsubscribe-links";

let server: TestServer;
let smtp: Awaited<ReturnType<typeof startSmtpCatcher>>;
let viaSmtp: TestServer;
const visitor = () => createApiClient(server.url);
let n = 0;
const nextEmail = () => `reader${++n}@example.com`;

beforeAll(async () => {
  server = await startTestServer();
  smtp = await startSmtpCatcher();
  viaSmtp = await startTestServer({ smtpUrl: smtp.url });
});
afterAll(async () => {
  await server?.close();
  await viaSmtp?.close();
  await smtp?.close();
});
beforeEach(() => clearAttempts(server.database.db));

/** What a mail client does with List-Unsubscribe-Post (RFC 8058): a form POST with no cookies, from no page of ours. */
const oneClick = (url: string, body = "List-Unsubscribe=One-Click") =>
  fetch(url.replace("http://store.test", server.url), { method: "POST", body, headers: { "content-type": "application/x-www-form-urlencoded", origin: "https://mail.example.com", "sec-fetch-site": "cross-site" } });

const subscriber = async (email: string) => (await server.database.db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email)))[0];
const welcomeTo = (email: string) => server.mailer.sent.filter((m) => m.to === email && m.subject.startsWith("Welcome to"));

describe("the newsletter welcome email", () => {
  it("goes to a new subscriber once, with a signed one-click unsubscribe link (the exit-intent code when there is one)", async () => {
    const email = nextEmail();
    const res = await visitor().post("/api/newsletter", { email, source: "exit-intent" });
    expect(res.status).toBe(201);
    const [mail] = welcomeTo(email);
    expect(mail!.subject).toBe("Welcome to VSOP Apparel: your 15% code");
    expect(mail!.text).toContain(`Your welcome code is ${res.body.offerCode}: it takes 15% off one order.`);
    const { id } = (await subscriber(email))!;
    expect(mail!.unsubscribeUrl).toMatch(new RegExp(`^http://store\\.test/unsubscribe/n${id}-[\\w-]{43}$`));
    expect(mail!.text).toContain(mail!.unsubscribeUrl);
    expect((await visitor().post("/api/newsletter", { email })).status).toBe(200);
    expect(welcomeTo(email)).toHaveLength(1);
  });

  it("carries List-Unsubscribe and List-Unsubscribe-Post: List-Unsubscribe=One-Click over SMTP", async () => {
    const email = nextEmail();
    expect((await createApiClient(viaSmtp.url).post("/api/newsletter", { email, source: "footer" })).status).toBe(201);
    const caught = smtp.received.find((m) => m.envelope.to.includes(email))!;
    expect(caught.parsed.subject).toBe("Welcome to the VSOP Apparel newsletter");
    expect(rawHeader(caught.parsed, "List-Unsubscribe")).toMatch(/^List-Unsubscribe: <http:\/\/store\.test\/unsubscribe\/n\d+-[\w-]{43}>$/);
    expect(rawHeader(caught.parsed, "List-Unsubscribe-Post")).toBe("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
  });
});

describe("one-click unsubscribe: POST /unsubscribe/{token}", () => {
  it("newsletter: a cross-site form POST with no cookies unsubscribes at once (200); the export leaves the address out; signing up again clears it", async () => {
    const email = nextEmail();
    await visitor().post("/api/newsletter", { email });
    const url = welcomeTo(email)[0]!.unsubscribeUrl!;
    const res = await oneClick(url);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe("You're unsubscribed from our newsletter.");
    expect((await subscriber(email))!.unsubscribedAt).toEqual(server.clock.now);
    expect((await oneClick(url)).status).toBe(200);

    const admin = await signedInAdmin(server);
    const exported = parse((await admin.get("/api/admin/newsletter.csv")).text, { columns: true }) as { email: string }[];
    expect(exported.map((r) => r.email)).not.toContain(email);
    expect(exported.length).toBeGreaterThan(0);

    const again = await visitor().post("/api/newsletter", { email, source: "vip" });
    expect(again.status).toBe(201);
    expect(again.body.alreadySubscribed).toBe(false);
    expect((await subscriber(email))!.unsubscribedAt).toBeNull();
    expect(welcomeTo(email).map((m) => m.subject)).toEqual(["Welcome to the VSOP Apparel newsletter", "Welcome to the VSOP Apparel VIP list"]);
    const exportedAgain = parse((await admin.get("/api/admin/newsletter.csv")).text, { columns: true }) as { email: string }[];
    expect(exportedAgain.map((r) => r.email)).toContain(email);
  });

  it("back-in-stock: the alert email's link ends every alert that address has waiting", async () => {
    const db = server.database.db;
    const [m, l] = [await variantIdOf(db, 4, "Black", "M"), await variantIdOf(db, 4, "Black", "L")];
    await setStock(db, m, 0);
    await setStock(db, l, 0);
    const email = nextEmail();
    await activeAlert(server, visitor(), { variantId: m, email });
    await activeAlert(server, visitor(), { variantId: l, email });
    await setStock(db, m, 3);
    expect(await server.services.alerts.send()).toBe(1);
    const [mail] = backInStockMails(server, email);
    expect((await oneClick(mail!.unsubscribeUrl!)).status).toBe(200);
    expect(await alertRow(db, email, l)).toMatchObject({ status: "unsubscribed" });
    await setStock(db, l, 3);
    expect(await server.services.alerts.send()).toBe(0);
    expect(backInStockMails(server, email)).toHaveLength(1);
  });

  it("without the one-click body it is a 400 and nothing changes (the page asks first)", async () => {
    const email = nextEmail();
    await visitor().post("/api/newsletter", { email });
    const url = welcomeTo(email)[0]!.unsubscribeUrl!;
    for (const body of ["", "List-Unsubscribe=Yes", "x=1"]) expect((await oneClick(url, body)).status).toBe(400);
    expect((await subscriber(email))!.unsubscribedAt).toBeNull();
  });

  it("a forged, altered or made-up token is a 400 that names nothing; the signing key never leaves the database", async () => {
    const email = nextEmail();
    await visitor().post("/api/newsletter", { email });
    const url = welcomeTo(email)[0]!.unsubscribeUrl!;
    const token = url.split("/").at(-1)!;
    const [, id, sig] = /^n(\d+)-(.+)$/.exec(token)!;
    const flipped = `${sig![0] === "A" ? "B" : "A"}${sig!.slice(1)}`;
    const forged = [`n${Number(id) + 1}-${sig}`, `a${id}-${sig}`, `n${id}-${flipped}`, `n${id}-short`, "nonsense", `n0-${sig}`];
    for (const bad of forged) {
      const res = await oneClick(`${server.url}/unsubscribe/${encodeURIComponent(bad)}`);
      expect(res.status, bad).toBe(400);
      expect(await res.json()).toEqual({ code: "bad_request", message: "This unsubscribe link isn't valid. Use the link in the newest email from us, or contact us and we'll take you off the list." });
    }
    expect((await subscriber(email))!.unsubscribedAt).toBeNull();
    const [key] = await server.database.db.select().from(storeSettings).where(eq(storeSettings.key, "unsubscribe_key"));
    expect(key!.value).toMatch(/^[\w-]{43}$/);
    expect(url).not.toContain(key!.value);
  });

  it("the page's button: POST /api/unsubscribe {token} (same-origin JSON) does the same", async () => {
    const email = nextEmail();
    await visitor().post("/api/newsletter", { email });
    const token = welcomeTo(email)[0]!.unsubscribeUrl!.split("/").at(-1)!;
    expect(await server.services.unsubscribe.describe({ token })).toEqual({ kind: "newsletter" });
    expect(await server.services.unsubscribe.describe({ token: token.replace(/^n/, "a") })).toBeNull();
    const res = await visitor().post("/api/unsubscribe", { token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ kind: "newsletter", message: "You're unsubscribed from our newsletter." });
    expect((await subscriber(email))!.unsubscribedAt).not.toBeNull();
    expect((await visitor().post("/api/unsubscribe", { token: "n1-nope" })).status).toBe(400);
    expect((await visitor().post("/api/unsubscribe", { token, extra: 1 })).status).toBe(400);
    // Cross-site JSON to /api is still refused: only the RFC 8058 address is exempt.
    expect((await visitor().post("/api/unsubscribe", { token }, { "sec-fetch-site": "cross-site" })).status).toBe(403);
  });

  it("a link signed by one app instance works on another years later: signed with the stored key, never stored itself", async () => {
    const email = nextEmail();
    await visitor().post("/api/newsletter", { email });
    const token = welcomeTo(email)[0]!.unsubscribeUrl!.split("/").at(-1)!;
    const later = () => new Date(server.clock.now.getTime() + 3 * 365 * 86_400_000);
    const otherInstance = unsubscribeLinks({ db: server.database.db, storeUrl: "http://store.test", now: later });
    const { id } = (await subscriber(email))!;
    expect(await otherInstance.verify(token)).toEqual({ kind: "newsletter", id });
    expect(await otherInstance.tokenFor({ kind: "newsletter", id })).toBe(token);
    expect(await server.database.db.$count(storeSettings, eq(storeSettings.key, "unsubscribe_key"))).toBe(1);
  });
});
