/**
 * The cookie banner over HTTP (issue 34, decision 0039): the shared page is the same bytes whatever a visitor chose
 * or wherever they are; GET /api/consent says whether to ask, by the proxy's country header; staff choose where.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sharedShell } from "../test/shared-shell";
import { CONSENT_VERSION } from "../../shared/consent";
import { registerShopper } from "../test/accounts-helpers";
import { signedInAdmin, signedInStaff } from "../test/admin-helpers";
import { createApiClient } from "../test/api-client";
import { startTestServer, type TestServer } from "../test/test-server";

let server: TestServer;
let custom: TestServer;
let staff: Awaited<ReturnType<typeof signedInAdmin>>;
beforeAll(async () => {
  [server, custom] = await Promise.all([
    startTestServer({ pages: true, cacheTtlMs: 60_000, publicConfig: { gtmId: "GTM-TEST123" } }),
    startTestServer({ publicConfig: { gtmId: "GTM-TEST123", countryHeader: "X-Viewer-Country" } }),
  ]);
  staff = await signedInAdmin(server);
});
afterAll(() => Promise.all([server?.close(), custom?.close()]));

/** The page as every visitor shares it: the viewer's places back to "nobody", the per-response CSP nonce blanked. */
const shell = sharedShell;
const page = (path: string, headers: Record<string, string> = {}) => fetch(`${server.url}${path}`, { headers });

const CHOICES = [
  `consent=${CONSENT_VERSION}.11.1790000000`,
  `consent=${CONSENT_VERSION}.00.1790000000`,
  `consent=${CONSENT_VERSION}.10.1790000000`,
  "consent=0ldtext.11.1790000000",
  "consent=garbage",
];

describe("the shared page and the banner", () => {
  it("is byte for byte the same page, from the cache, for visitors with any consent choice and from any country", async () => {
    for (const path of ["/", "/category/men", "/product/2", "/vsop"]) {
      const first = await page(path);
      const anonymous = await first.text();
      expect(anonymous).toContain('id="consent-banner"');
      const visitors: Record<string, string>[] = [...CHOICES.map((cookie) => ({ cookie })), { "cf-ipcountry": "DE" }, { "cf-ipcountry": "US", cookie: CHOICES[0]! }, { "cf-ipcountry": "XX" }];
      for (const headers of visitors) {
        const res = await page(path, headers);
        expect(res.headers.get("x-cache"), `${path} ${JSON.stringify(headers)}`).toBe("hit");
        expect(res.headers.get("cache-control") ?? "").not.toMatch(/private/);
        expect(res.headers.getSetCookie()).toEqual([]);
        expect(shell(await res.text()), `${path} ${JSON.stringify(headers)}`).toBe(shell(anonymous));
      }
    }
  });

  it("gives a visitor with a cart the same page whatever they chose, with only their viewer stitched in", async () => {
    const shopper = createApiClient(server.url);
    expect((await shopper.post("/api/cart/items", { productId: 2, color: "Default", size: "M", quantity: 1 })).status).toBe(201);
    const cart = [...shopper.jar].map(([k, v]) => `${k}=${v}`).join("; ");
    const anonymous = shell(await (await page("/product/2")).text());
    for (const choice of CHOICES.slice(0, 2)) expect(shell(await (await page("/product/2", { cookie: `${cart}; ${choice}` })).text())).toBe(anonymous);
  });

  it("carries Consent Mode's defaults and the banner, and no Tag Manager script, in the page itself", async () => {
    const html = await (await page("/")).text();
    const script = /<script nonce="[^"]*">(\(function\(w,d,id,v,scope[\s\S]*?)<\/script>/.exec(html)?.[1];
    expect(script).toContain('g("consent","default",{ad_storage:"denied",analytics_storage:"denied",ad_user_data:"denied",ad_personalization:"denied",wait_for_update:500})');
    expect(script).toContain(`"GTM-TEST123","${CONSENT_VERSION}","everywhere"`);
    // Before every other script but the theme's (only this one and the theme's open before it).
    expect(html.slice(0, html.indexOf(script!)).match(/<script/g)).toHaveLength(2);
    expect(html).not.toMatch(/<script[^>]+src="https:\/\/www\.googletagmanager\.com/);
    for (const text of ["Accept all", "Reject all", "Choose", "Strictly necessary", "Analytics", "Marketing", "Cookie settings"]) expect(html).toContain(text);
    expect(html).not.toMatch(/<input[^>]*type="checkbox"[^>]*checked/);
  });

  it("leaves the banner and its script out of a store without GTM_ID", async () => {
    const plain = await startTestServer({ pages: true });
    try {
      const html = await (await fetch(`${plain.url}/`)).text();
      expect(html).not.toContain("consent-banner");
      expect(html).not.toContain("Cookie settings");
      expect(html).not.toContain('"consent","default"');
    } finally {
      await plain.close();
    }
  });
});

describe("where the banner asks", () => {
  it("asks everyone by default; with the region setting, only where the law requires it or the country is unknown", async () => {
    const ask = async (headers: Record<string, string> = {}, target = server) => {
      const res = await createApiClient(target.url).get("/api/consent", headers);
      expect(res.status).toBe(200);
      expect(res.headers.get("cache-control")).toBe("private, no-store");
      return res;
    };
    expect((await ask({ "cf-ipcountry": "US" })).body).toEqual({ required: true });
    expect((await staff.put("/api/admin/settings/consent", { scope: "region" })).status).toBe(200);
    try {
      const answers: Record<string, boolean> = {};
      for (const country of ["DE", "fr", "GB", "CH", "NO", "US", "us", "CA", "JP", "XX", "T1", "", "Germany"]) answers[country] = (await ask(country ? { "cf-ipcountry": country } : {})).body.required;
      expect(answers).toEqual({ DE: true, fr: true, GB: true, CH: true, NO: true, US: false, us: false, CA: false, JP: false, XX: true, T1: true, "": true, Germany: true });
      expect((await ask()).body).toEqual({ required: true });
      expect((await ask({ "cf-ipcountry": "US" })).headers.get("vary")).toMatch(/CF-IPCountry/i);
      // The page says "region" in its script, and is still the same for everyone.
      const html = await (await page("/about")).text();
      expect(html).toContain(`"GTM-TEST123","${CONSENT_VERSION}","region"`);
      expect(shell(await (await page("/about", { "cf-ipcountry": "DE" })).text())).toBe(shell(html));
    } finally {
      await staff.put("/api/admin/settings/consent", { scope: "everywhere" });
    }
  });

  it("reads the header COUNTRY_HEADER names", async () => {
    await (await signedInAdmin(custom)).put("/api/admin/settings/consent", { scope: "region" });
    const client = createApiClient(custom.url);
    expect((await client.get("/api/consent", { "x-viewer-country": "US" })).body).toEqual({ required: false });
    expect((await client.get("/api/consent", { "x-viewer-country": "IT", "cf-ipcountry": "US" })).body).toEqual({ required: true });
    expect((await client.get("/api/consent", { "cf-ipcountry": "US" })).body).toEqual({ required: true });
  });

  it("takes no parameters", async () => {
    const res = await createApiClient(server.url).get("/api/consent?country=US");
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/takes no parameters/);
  });
});

describe("the setting (PUT /api/admin/settings/consent)", () => {
  it("refuses anything but everywhere or region, with a 400 that says so", async () => {
    for (const body of [{ scope: "eu" }, { scope: "region", extra: 1 }, {}, [], { scope: null }, { scope: "Region" }]) {
      const res = await staff.put("/api/admin/settings/consent", body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toMatch(/^Invalid cookie banner setting: /);
    }
    expect((await staff.get("/api/admin/settings")).body.consentScope).toBe("everywhere");
  });

  it("is for staff with the settings permission, and every change is in the settings history", async () => {
    const shopper = createApiClient(server.url);
    await registerShopper(shopper);
    expect((await shopper.put("/api/admin/settings/consent", { scope: "region" })).status).toBe(403);
    expect((await createApiClient(server.url).put("/api/admin/settings/consent", { scope: "region" })).status).toBe(401);
    const { client: writer } = await signedInStaff(server, { permissions: ["content.write"] });
    expect((await writer.put("/api/admin/settings/consent", { scope: "region" })).status).toBe(403);

    const res = await staff.put("/api/admin/settings/consent", { scope: "region" });
    expect(res.status).toBe(200);
    expect(res.body.consentScope).toBe("region");
    const [entry] = (await staff.get("/api/admin/audit?entity=setting&entityId=store")).body.entries;
    expect(entry).toEqual(expect.objectContaining({ action: "consent", before: { consentScope: "everywhere" }, after: { consentScope: "region" } }));
    await staff.put("/api/admin/settings/consent", { scope: "everywhere" });
  });
});
