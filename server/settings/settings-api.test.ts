import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerShopper } from "../test/accounts-helpers";
import { signedInAdmin } from "../test/admin-helpers";
import { createApiClient } from "../test/api-client";
import { startTestServer, TEST_STORE_URL, type TestServer } from "../test/test-server";

let server: TestServer;
let staff: Awaited<ReturnType<typeof signedInAdmin>>;
beforeAll(async () => {
  server = await startTestServer({ pages: true });
  staff = await signedInAdmin(server);
});
afterAll(() => server?.close());

/** The seeded row (drizzle/0027) as the page would send it back. */
const seeded = {
  storeName: "VSOP Apparel",
  legalName: "VSOP Apparel",
  addressLine1: "200 Kent Avenue",
  addressLine2: null,
  city: "Brooklyn",
  region: "NY",
  postalCode: "11249",
  country: "US",
  supportEmail: "help@vsop-apparel.example",
  phone: null,
  senderName: "VSOP Apparel",
  senderEmail: "orders@vsop-apparel.example",
  socialLinks: { instagram: "https://www.instagram.com/vsopstore", facebook: "https://www.facebook.com/vsopstore", youtube: "https://www.youtube.com/@vsopstore", tiktok: "https://www.tiktok.com/@vsopstore" },
};
const renamed = {
  ...seeded,
  storeName: "Kent Street Goods",
  legalName: "Kent Street Goods LLC",
  addressLine1: "12 Wythe Avenue",
  addressLine2: "Unit 4",
  supportEmail: "hello@kent-street.example",
  phone: "+1 718 555 0100",
  senderName: "Kent Street Goods",
  senderEmail: "orders@kent-street.example",
  socialLinks: { instagram: "https://www.instagram.com/kentstreet", x: "https://x.com/kentstreet", pinterest: "" },
};

const html = async (path: string) => (await fetch(`${server.url}${path}`)).text();
const titleOf = (page: string) => /<title>([^<]*)<\/title>/.exec(page)?.[1]?.replaceAll("&#x27;", "'").replaceAll("&amp;", "&");
const jsonLd = (page: string) => [...page.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!));
const png = (width = 600, height = 200) => sharp({ create: { width, height, channels: 4, background: { r: 242, g: 107, b: 29, alpha: 0.8 } } }).png().toBuffer();
const uploadLogo = (body: Buffer | string, type: string) => staff.post("/api/admin/settings/logo", typeof body === "string" ? body : new Uint8Array(body), { "content-type": type });

describe("reading the settings", () => {
  it("staff read the seeded row, the tax settings included (read-only here); customers get 403 and visitors 401", async () => {
    const res = await staff.get("/api/admin/settings");
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ...seeded, logo: null, pricesIncludeTax: false, taxOnShipping: false, taxProvider: "manual", updatedAt: expect.any(String) });
    const customer = createApiClient(server.url);
    await registerShopper(customer);
    expect((await customer.get("/api/admin/settings")).status).toBe(403);
    expect((await customer.put("/api/admin/settings", renamed)).status).toBe(403);
    expect((await createApiClient(server.url).get("/api/admin/settings")).status).toBe(401);
  });
});

describe("bad values get a clear error and change nothing", () => {
  it("an email address that isn't one, named by the field", async () => {
    const res = await staff.put("/api/admin/settings", { ...seeded, supportEmail: "help at vsop", senderEmail: "orders@" });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("Support email: enter a valid email address; Sender email: enter a valid email address");
    expect(res.body.errors).toEqual([
      { field: "supportEmail", message: "Support email: enter a valid email address" },
      { field: "senderEmail", message: "Sender email: enter a valid email address" },
    ]);
    expect((await staff.get("/api/admin/settings")).body.supportEmail).toBe(seeded.supportEmail);
  });

  it("the tax settings and unknown fields: the tax page changes those", async () => {
    const res = await staff.put("/api/admin/settings", { ...seeded, pricesIncludeTax: true, motto: "x" });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([
      { field: "pricesIncludeTax", message: "Unknown field: pricesIncludeTax" },
      { field: "motto", message: "Unknown field: motto" },
    ]);
  });

  it("social links that aren't https links to the network's own site, and networks the footer has no icon for", async () => {
    const res = await staff.put("/api/admin/settings", { ...seeded, socialLinks: { instagram: "http://www.instagram.com/vsop", facebook: "https://evil.example/facebook.com", tiktok: "https://www.tiktok.com", myspace: "https://myspace.com/vsop" } });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([
      { field: "socialLinks.instagram", message: "Instagram: enter an https:// link to a profile on instagram.com" },
      { field: "socialLinks.facebook", message: "Facebook: enter an https:// link to a profile on facebook.com" },
      { field: "socialLinks.tiktok", message: "TikTok: enter an https:// link to a profile on tiktok.com" },
      { field: "socialLinks.myspace", message: "Unknown field: socialLinks.myspace" },
    ]);
  });

  it("an empty name, a sender name that could break the From header, a state and a postal code of another country", async () => {
    const blank = await staff.put("/api/admin/settings", { ...seeded, storeName: "  ", senderName: 'VSOP" <x@evil.example>' });
    expect(blank.body.errors).toEqual([
      { field: "storeName", message: "Store name: enter a value" },
      { field: "senderName", message: 'Sender name: leave out line breaks, < > and "' },
    ]);
    const elsewhere = await staff.put("/api/admin/settings", { ...seeded, country: "CA", region: "NY", postalCode: "11249" });
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body.errors).toEqual([
      { field: "region", message: "State / region: enter one of Canada's, such as ON" },
      { field: "postalCode", message: "Postal code: enter a Canada postal code" },
    ]);
    expect((await staff.put("/api/admin/settings", { ...seeded, country: "FR" })).body.errors).toEqual([{ field: "country", message: "Country: choose United States, Canada, United Kingdom" }]);
  });

  it("a cross-site form can't save them", async () => {
    const res = await staff.put("/api/admin/settings", renamed, { origin: "https://evil.example" });
    expect(res.status).toBe(403);
  });
});

describe("saving", () => {
  it("writes what changed to the audit log, and every page shows it at once: title, header, footer and JSON-LD", async () => {
    const res = await staff.put("/api/admin/settings", renamed);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ...renamed, socialLinks: { instagram: renamed.socialLinks.instagram, x: renamed.socialLinks.x }, updatedBy: expect.stringMatching(/^staff:/) });

    const audit = await staff.get("/api/admin/audit?entity=setting&entityId=store");
    expect(audit.body.entries[0]).toMatchObject({ actor: res.body.updatedBy, action: "update", before: { storeName: "VSOP Apparel", phone: null }, after: { storeName: "Kent Street Goods", phone: "+1 718 555 0100" } });
    expect(audit.body.entries[0].after).toMatchObject({ "socialLinks.instagram": "https://www.instagram.com/kentstreet", "socialLinks.x": "https://x.com/kentstreet", "socialLinks.facebook": null });
    expect(audit.body.entries[0].after).not.toHaveProperty("city"); // unchanged fields are left out
    expect(audit.body.entries[0].after).not.toHaveProperty("socialLinks.pinterest");

    // The same settings again (the links in another order) change nothing and write no history.
    expect((await staff.put("/api/admin/settings", { ...renamed, socialLinks: { x: renamed.socialLinks.x, instagram: renamed.socialLinks.instagram } })).status).toBe(200);
    expect((await staff.get("/api/admin/audit?entity=setting&entityId=store")).body.entries).toHaveLength(audit.body.entries.length);

    const home = await html("/");
    expect(titleOf(home)).toBe("Kent Street Goods | Men's, Women's & Kids' Clothing and VSOP Streetwear");
    expect(home).toContain('aria-label="Kent Street Goods, home"');
    expect(home).toContain("Kent Street Goods LLC<!-- -->. All rights reserved.");
    for (const line of ["12 Wythe Avenue", "Unit 4", "Brooklyn, NY 11249", "United States", "hello@kent-street.example", "+1 718 555 0100"]) expect(home).toContain(line);
    expect(home).toContain('href="https://x.com/kentstreet"');
    expect(home).not.toContain("facebook.com/vsopstore");
    expect(jsonLd(home).find((b) => b["@type"] === "Organization")).toEqual({
      "@context": "https://schema.org",
      "@type": "Organization",
      name: "Kent Street Goods",
      legalName: "Kent Street Goods LLC",
      url: `${TEST_STORE_URL}/`,
      email: "hello@kent-street.example",
      telephone: "+1 718 555 0100",
      address: { "@type": "PostalAddress", streetAddress: "12 Wythe Avenue, Unit 4", addressLocality: "Brooklyn", addressRegion: "NY", postalCode: "11249", addressCountry: "US" },
      contactPoint: { "@type": "ContactPoint", contactType: "customer support", email: "hello@kent-street.example", telephone: "+1 718 555 0100" },
      sameAs: ["https://www.instagram.com/kentstreet", "https://x.com/kentstreet"],
    });
    expect(titleOf(await html("/about"))).toBe("About Us | Kent Street Goods");
    const product = await html("/product/2");
    expect(titleOf(product)).toBe("VSOP Premium Hoodie | Kent Street Goods");
    expect(jsonLd(product).find((b) => b["@type"] === "ProductGroup").brand).toEqual({ "@type": "Brand", name: "Kent Street Goods" });
    expect(product).toContain('<meta property="og:site_name" content="Kent Street Goods"/>');
  });

  it("the next email comes from the new sender, with the new name and postal address", async () => {
    const email = `settings-${Date.now()}@example.com`;
    expect((await createApiClient(server.url).post("/api/newsletter", { email, source: "footer" })).status).toBe(201);
    const mail = server.mailer.sent.find((m) => m.to === email)!;
    expect(mail.from).toEqual({ name: "Kent Street Goods", address: "orders@kent-street.example" });
    expect(mail.subject).toBe("Welcome to the Kent Street Goods newsletter");
    const address = "Kent Street Goods LLC, 12 Wythe Avenue, Unit 4, Brooklyn, NY 11249, United States";
    expect(mail.text).toContain(address);
    expect(mail.html).toContain(address);
    expect(mail.text).toContain(`Visit Kent Street Goods: ${TEST_STORE_URL}`);
  });

  it("the catalog export and the Meta feed name the store as it is now", async () => {
    expect((await staff.get("/api/admin/catalog.csv")).text.split("\n")[1]).toContain(",Kent Street Goods,");
    expect((await staff.get("/api/instagram-shop/feed")).text.split("\n")[1]).toContain(",Kent Street Goods,");
  });
});

describe("the logo", () => {
  it("goes through the photo pipeline, shows in the header and the Organization, and removing it brings the wordmark back", async () => {
    const res = await uploadLogo(await png(), "image/png");
    expect(res.status).toBe(201);
    const { key, widths } = res.body.logo;
    expect(key).toMatch(/^[a-f0-9]{24}$/);
    expect(widths).toEqual([320, 600]);
    const served = await fetch(`${server.url}/media/${key}-320.webp`);
    expect(served.status).toBe(200);
    expect((await sharp(Buffer.from(await served.arrayBuffer())).metadata()).hasAlpha).toBe(true);

    const home = await html("/");
    expect(home).toContain(`srcSet="/media/${key}-320.avif 320w, /media/${key}-600.avif 600w"`);
    expect(jsonLd(home).find((b) => b["@type"] === "Organization").logo).toBe(`${TEST_STORE_URL}/media/${key}-600.jpg`);
    expect((await staff.get("/api/admin/audit?entity=setting&entityId=store")).body.entries[0]).toEqual(expect.objectContaining({ action: "logo", before: { logoKey: null }, after: { logoKey: key } }));

    const removed = await staff.delete("/api/admin/settings/logo");
    expect(removed.status).toBe(200);
    expect(removed.body.logo).toBeNull();
    expect(await html("/")).not.toContain(`/media/${key}-`);
  });

  it("a file that isn't an image, or an SVG, is a 400 naming the logo, and the logo stays as it was", async () => {
    const text = await uploadLogo("this is not a picture", "image/png");
    expect(text).toMatchObject({ status: 400, body: { message: "Logo: That file is not an image we can read: upload a JPEG, PNG, WebP or AVIF photo" } });
    const svg = await uploadLogo('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>', "image/svg+xml");
    expect(svg).toMatchObject({ status: 400, body: { message: "Logo: SVG images are not accepted: upload a JPEG, PNG, WebP or AVIF photo" } });
    const json = await staff.post("/api/admin/settings/logo", { logo: "x" });
    expect(json.status).toBe(400);
    expect((await staff.get("/api/admin/settings")).body.logo).toBeNull();
  });
});
