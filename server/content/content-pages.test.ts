/** What shoppers and crawlers get from content entries (issue 28): the server-rendered pages, the feed and the sitemap. */
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApiClient } from "../test/api-client";
import { signedInAdmin } from "../test/admin-helpers";
import { startTestServer, TEST_STORE_URL, type TestServer } from "../test/test-server";

let server: TestServer;
let staff: Awaited<ReturnType<typeof signedInAdmin>>;
beforeAll(async () => {
  server = await startTestServer({ pages: true });
  staff = await signedInAdmin(server);
});
afterAll(() => server?.close());

const page = async (path: string) => {
  const res = await fetch(`${server.url}${path}`, { redirect: "manual" });
  return { status: res.status, location: res.headers.get("location"), html: await res.text() };
};
const jsonLd = (html: string) => [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!));
const doc = (...content: unknown[]) => ({ type: "doc", content });
const text = (t: string, marks?: unknown[]) => ({ type: "text", text: t, ...(marks ? { marks } : {}) });
const post = (slug: string, extra: Record<string, unknown> = {}) => ({ kind: "post", slug, title: `Post ${slug}`, excerpt: `About ${slug}`, author: "Mara", category: "Style Guide", body: doc({ type: "paragraph", content: [text("Hello")] }), status: "published", ...extra });

describe("content pages", () => {
  it("the seeded article keeps its address, texts, BlogPosting JSON-LD and Open Graph tags", async () => {
    const { status, html } = await page("/blog/2");
    expect(status).toBe(200);
    expect(html).toContain("Five Ways to Wear a Hoodie Beyond the Weekend");
    expect(html).toMatch(/<h2[^>]*>1\. Under a coat<\/h2>/);
    expect(html).toContain('property="og:type" content="article"');
    expect(jsonLd(html)).toContainEqual(expect.objectContaining({ "@type": "BlogPosting", headline: "Five Ways to Wear a Hoodie Beyond the Weekend", datePublished: "2026-10-20", mainEntityOfPage: `${TEST_STORE_URL}/blog/2` }));
    const shipping = await page("/shipping");
    expect(shipping.status).toBe(200);
    expect(shipping.html).toMatch(/<h2[^>]*>How fast<\/h2>/);
  });

  it("renders stored rich text as elements, with <script> text escaped", async () => {
    const body = doc({ type: "heading", attrs: { level: 2 }, content: [text("Care")] }, { type: "paragraph", content: [text("<script>alert(1)</script>"), text(" see "), text("sizes", [{ type: "link", attrs: { href: "/size-guide" } }])] });
    expect((await staff.post("/api/admin/content", post("escaped", { body }))).status).toBe(201);
    const { status, html } = await page("/blog/escaped");
    expect(status).toBe(200);
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(html).not.toContain("<script>alert(1)");
    expect(html).toMatch(/<a[^>]*href="\/size-guide"[^>]*>sizes<\/a>/);
  });

  it("drafts and future scheduled posts are 404 until their time; then in the blog, the feed and the sitemap", async () => {
    await staff.post("/api/admin/content", post("draft-one", { status: "draft" }));
    expect((await page("/blog/draft-one")).status).toBe(404);
    const publishAt = new Date(server.clock.now.getTime() + 60_000).toISOString();
    expect((await staff.post("/api/admin/content", post("on-time", { status: "scheduled", publishAt, title: "Launch day" }))).status).toBe(201);
    expect((await page("/blog/on-time")).status).toBe(404);
    expect((await page("/blog")).html).not.toContain("Launch day");
    expect((await page("/blog/feed.xml")).html).not.toContain("/blog/on-time");
    expect((await page("/sitemap.xml")).html).not.toContain("/blog/on-time");

    server.clock.now = new Date(server.clock.now.getTime() + 61_000);
    expect((await page("/blog/on-time")).status).toBe(200);
    expect((await page("/blog")).html).toContain("Launch day");
    const feed = await page("/blog/feed.xml");
    expect(feed.status).toBe(200);
    expect(feed.html).toContain('<feed xmlns="http://www.w3.org/2005/Atom">');
    expect(feed.html).toContain(`<id>${TEST_STORE_URL}/blog/on-time</id>`);
    expect(feed.html).toContain("<title>Five Ways to Wear a Hoodie Beyond the Weekend</title>");
    expect(feed.html).not.toContain("draft-one");
    const sitemap = (await page("/sitemap.xml")).html;
    expect(sitemap).toContain(`${TEST_STORE_URL}/blog/on-time`);
    expect(sitemap).toContain(`${TEST_STORE_URL}/blog/1`);
    expect(sitemap).toContain(`${TEST_STORE_URL}/returns`);
    expect(sitemap).not.toContain("draft-one");
  });

  it("the publish job records a scheduled entry whose time has come as published, once, with an audit row; shoppers never waited for it", async () => {
    const publishAt = new Date(server.clock.now.getTime() + 60_000);
    await server.services.contentEntries.publishDue(); // what earlier tests scheduled
    const { body: created } = await staff.post("/api/admin/content", post("job-launch", { status: "scheduled", publishAt: publishAt.toISOString() }));
    expect(await server.services.contentEntries.publishDue()).toBe(0);
    server.clock.now = new Date(publishAt.getTime() + 1_000);
    expect((await page("/blog/job-launch")).status).toBe(200);
    expect((await staff.get(`/api/admin/content/${created.id}`)).body.entry.status).toBe("scheduled");
    expect(await server.services.contentEntries.publishDue()).toBe(1);
    expect(await server.services.contentEntries.publishDue()).toBe(0);
    expect((await staff.get(`/api/admin/content/${created.id}`)).body.entry).toMatchObject({ status: "published", publishedAt: publishAt.toISOString() });
    const audit = (await staff.get(`/api/admin/audit?entity=content&entityId=${created.id}`)).body.entries;
    expect(audit[0]).toMatchObject({ actor: "system:schedule", action: "publish", after: { status: "published", publishAt: publishAt.toISOString() } });
    expect((await page("/blog/job-launch")).status).toBe(200);
  });

  it("staff preview drafts with ?preview=1 (private, unindexed); shoppers still get 404", async () => {
    await staff.post("/api/admin/content", post("preview-me", { status: "draft", title: "Not yet" }));
    const seen = await staff.get("/blog/preview-me?preview=1", { accept: "text/html" });
    expect(seen.status).toBe(200);
    expect(seen.text).toContain("Not yet");
    expect(seen.headers.get("cache-control")).toBe("private, no-store");
    expect(seen.text).toContain('<meta name="robots" content="noindex"/>');
    expect((await page("/blog/preview-me?preview=1")).status).toBe(404);
    expect((await staff.get("/blog/preview-me", { accept: "text/html" })).status).toBe(404);
  });

  it("an old slug answers 301 to the new address", async () => {
    const { body: entry } = await staff.post("/api/admin/content", post("before-rename"));
    await staff.patch(`/api/admin/content/${entry.id}`, { slug: "after-rename" });
    const old = await page("/blog/before-rename");
    expect(old.status).toBe(301);
    expect(old.location).toBe("/blog/after-rename");
    expect((await page("/blog/after-rename")).status).toBe(200);
    expect((await page("/blog/never-was")).status).toBe(404);
  });

  it("a new page lives at /pages/{slug}, in the sitemap; a seeded one keeps its name, and a renamed one answers 301", async () => {
    const created = await staff.post("/api/admin/content", { ...post("gift-cards"), kind: "page", title: "Gift cards" });
    expect(created.status).toBe(201);
    const fresh = await page("/pages/gift-cards");
    expect(fresh.status).toBe(200);
    expect(fresh.html).toContain("Gift cards");
    expect((await page("/sitemap.xml")).html).toContain(`<loc>${TEST_STORE_URL}/pages/gift-cards</loc>`);
    // The seeded pages answer at their own names only.
    expect(await page("/pages/faq")).toMatchObject({ status: 301, location: "/faq" });
    expect((await page("/sitemap.xml")).html).toContain(`<loc>${TEST_STORE_URL}/faq</loc>`);
    // A renamed policy: its old address points at the new one.
    const terms = (await staff.get("/api/admin/content?kind=policy&q=terms")).body.entries.find((e: { slug: string }) => e.slug === "terms");
    expect((await staff.patch(`/api/admin/content/${terms.id}`, { slug: "terms-of-sale" })).status).toBe(200);
    expect(await page("/terms")).toMatchObject({ status: 301, location: "/pages/terms-of-sale" });
    expect((await page("/pages/terms-of-sale")).status).toBe(200);
    await staff.patch(`/api/admin/content/${terms.id}`, { slug: "terms" });
    expect((await page("/terms")).status).toBe(200);
    expect((await page("/pages/no-such-page")).status).toBe(404);
    expect((await page("/pages/Not%20A%20Slug")).status).toBe(404);
  });

  it("the staff editor answers 404 for an entry that doesn't exist, and shoppers never see it", async () => {
    const missing = await staff.get("/admin/content/999999", { accept: "text/html" });
    expect(missing.status).toBe(404);
    const existing = await staff.get("/admin/content/1", { accept: "text/html" });
    expect(existing.status).toBe(200);
    expect((await page("/admin/content/1")).status).not.toBe(200);
  });

  it("a fixed typo in a policy shows at once", async () => {
    const { body } = await staff.get("/api/admin/content?kind=policy&q=returns");
    const returns = body.entries.find((e: { slug: string }) => e.slug === "returns");
    await staff.patch(`/api/admin/content/${returns.id}`, { excerpt: "Returns are free within 30 days of delivery, always." });
    expect((await page("/returns")).html).toContain("Returns are free within 30 days of delivery, always.");
  });
});

describe("content photos", () => {
  const png = () => sharp({ create: { width: 800, height: 500, channels: 3, background: { r: 40, g: 90, b: 160 } } }).png().toBuffer();

  it("go through the photo pipeline, and a post's body and cover can use them", async () => {
    const uploaded = await staff.post("/api/admin/content/photos", new Uint8Array(await png()), { "content-type": "image/png" });
    expect(uploaded.status).toBe(201);
    const { key, widths, src } = uploaded.body;
    expect(widths).toEqual([320, 640, 800]);
    expect(src).toBe(`/media/${key}-800.jpg`);
    expect((await fetch(`${server.url}${src}`)).headers.get("content-type")).toBe("image/jpeg");

    const body = { type: "doc", content: [{ type: "image", attrs: { src, alt: "The drop, folded" } }] };
    const saved = await staff.post("/api/admin/content", post("with-photo", { body, cover: { key, widths, alt: "The drop" } }));
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    const html = await (await fetch(`${server.url}/blog/with-photo`)).text();
    expect(html).toContain(`src="${src}"`);
    expect(html).toContain('alt="The drop, folded"');
  });

  it("refuse what isn't an image: a 400 that names the photo", async () => {
    const text = await staff.post("/api/admin/content/photos", new Uint8Array(Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'/>")), { "content-type": "image/svg+xml" });
    expect(text.status).toBe(400);
    expect(text.body.message).toMatch(/JPEG, PNG, WebP or AVIF/);
    expect((await staff.post("/api/admin/content/photos", { photo: "x" })).status).toBe(400);
    expect((await createApiClient(server.url).post("/api/admin/content/photos", new Uint8Array(await png()), { "content-type": "image/png" })).status).toBeGreaterThanOrEqual(401);
  });
});
