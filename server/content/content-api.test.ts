import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog } from "../db/schema";
import { registerShopper } from "../test/accounts-helpers";
import { signedInAdmin } from "../test/admin-helpers";
import { createApiClient } from "../test/api-client";
import { startTestServer, type TestServer } from "../test/test-server";
import { infoPages } from "../../shared/info-pages";
import { richTextPlain } from "../../shared/rich-text";
import { loadArticles } from "./blog";
import { seedContent } from "./seed-content";

let server: TestServer;
let staff: Awaited<ReturnType<typeof signedInAdmin>>;

beforeAll(async () => {
  server = await startTestServer();
  staff = await signedInAdmin(server);
});
afterAll(() => server?.close());

const doc = (...paragraphs: string[]) => ({ type: "doc", content: paragraphs.map((text) => ({ type: "paragraph", content: [{ type: "text", text }] })) });
const post = (slug: string, extra: Record<string, unknown> = {}) => ({ kind: "post", slug, title: `About ${slug}`, body: doc("Hello"), author: "Mara", category: "Style", tags: ["drop"], ...extra });

describe("seeded content", () => {
  it("holds the four articles and every info page with their addresses and texts, once", async () => {
    const content = server.services.contentEntries;
    for (const article of loadArticles()) {
      const entry = await content.findLive({ kind: "post", slug: String(article.id) });
      expect(entry).toMatchObject({ title: article.title, excerpt: article.excerpt, author: article.author, category: article.category, tags: article.tags, featured: article.featured, readTime: article.readTime });
      expect(richTextPlain(entry!.body)).toBe(article.content.map((b) => b.text).join("\n\n"));
      expect(entry!.publishedAt!.toISOString().slice(0, 10)).toBe(article.publishDate);
    }
    for (const [slug, page] of Object.entries(infoPages)) {
      const entry = await content.findInfoPage({ slug });
      expect(entry, slug).toMatchObject({ title: page.title, excerpt: page.intro, seoDescription: page.description });
      expect(richTextPlain(entry!.body)).toBe(page.sections.flatMap((s) => [s.heading, ...s.paragraphs]).join("\n\n"));
    }
    expect((await content.findInfoPage({ slug: "returns" }))?.kind).toBe("policy");
    expect((await content.findInfoPage({ slug: "faq" }))?.kind).toBe("page");
    expect(await seedContent(server.database.db, new Date())).toEqual({ entries: 0 });
  });
});

describe("staff content API", () => {
  it("creates, lists and gets an entry, each save keeping a revision and an audit row", async () => {
    const created = await staff.post("/api/admin/content", post("next-drop", { excerpt: "Soon", status: "draft" }));
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ kind: "post", slug: "next-drop", title: "About next-drop", status: "draft", publishAt: null, publishedAt: null, tags: ["drop"], updatedBy: expect.stringMatching(/^staff:/) });
    const id = created.body.id as number;
    const updated = await staff.patch(`/api/admin/content/${id}`, { title: "The next drop", body: doc("Hello", "World") });
    expect(updated.status).toBe(200);
    expect(updated.body.title).toBe("The next drop");

    const list = await staff.get("/api/admin/content?kind=post&q=next");
    expect(list.status).toBe(200);
    expect(list.body.entries.map((e: { id: number }) => e.id)).toContain(id);
    expect(list.body.entries[0]).not.toHaveProperty("body");

    const got = await staff.get(`/api/admin/content/${id}`);
    expect(got.body.entry.body).toEqual(doc("Hello", "World"));
    expect(got.body.revisions.map((r: { snapshot: { title: string } }) => r.snapshot.title)).toEqual(["The next drop", "About next-drop"]);
    const audit = await server.database.db.select().from(auditLog).where(and(eq(auditLog.entity, "content"), eq(auditLog.entityId, String(id))));
    expect(audit.map((a) => a.action).sort()).toEqual(["create", "update"]);
  });

  it("restores an earlier revision's words as a new revision", async () => {
    const { body: entry } = await staff.post("/api/admin/content", post("restore-me", { title: "First words" }));
    await staff.patch(`/api/admin/content/${entry.id}`, { title: "Second words", body: doc("Changed") });
    const { body: history } = await staff.get(`/api/admin/content/${entry.id}`);
    const first = history.revisions.at(-1);
    const restored = await staff.post(`/api/admin/content/${entry.id}/revisions/${first.id}/restore`, {});
    expect(restored.status).toBe(200);
    expect(restored.body).toMatchObject({ title: "First words", body: doc("Hello"), slug: "restore-me" });
    expect((await staff.get(`/api/admin/content/${entry.id}`)).body.revisions).toHaveLength(3);
    expect((await staff.post(`/api/admin/content/${entry.id}/revisions/999999/restore`, {})).status).toBe(404);
  });

  it("a changed slug leaves a redirect from the old one; taken slugs are a 409", async () => {
    const { body: entry } = await staff.post("/api/admin/content", post("old-name", { status: "published" }));
    await staff.post("/api/admin/content", post("taken"));
    expect((await staff.patch(`/api/admin/content/${entry.id}`, { slug: "taken" })).status).toBe(409);
    expect((await staff.patch(`/api/admin/content/${entry.id}`, { slug: "new-name" })).status).toBe(200);
    const content = server.services.contentEntries;
    expect(await content.findRedirect({ kind: "post", slug: "old-name" })).toBe("new-name");
    expect(await content.findLive({ kind: "post", slug: "old-name" })).toBeNull();
    expect((await content.findLive({ kind: "post", slug: "new-name" }))?.id).toBe(entry.id);
    // Renamed again: both earlier addresses lead to the current one; going back drops that redirect.
    await staff.patch(`/api/admin/content/${entry.id}`, { slug: "newest-name" });
    expect(await content.findRedirect({ kind: "post", slug: "old-name" })).toBe("newest-name");
    expect(await content.findRedirect({ kind: "post", slug: "new-name" })).toBe("newest-name");
    await staff.patch(`/api/admin/content/${entry.id}`, { slug: "old-name" });
    expect(await content.findRedirect({ kind: "post", slug: "old-name" })).toBeNull();
    expect((await staff.get(`/api/admin/content/${entry.id}`)).body.oldSlugs.sort()).toEqual(["new-name", "newest-name"]);
  });

  it("publishes on time by the rule, at the service clock: scheduled in the future is hidden, then live", async () => {
    const content = server.services.contentEntries;
    const publishAt = new Date(server.clock.now.getTime() + 60_000).toISOString();
    const { body: entry } = await staff.post("/api/admin/content", post("launch", { status: "scheduled", publishAt }));
    expect(entry.publishedAt).toBe(publishAt);
    expect(await content.findLive({ kind: "post", slug: "launch" })).toBeNull();
    expect((await content.listLive({ kind: "post" })).map((e) => e.slug)).not.toContain("launch");
    expect((await content.findLive({ kind: "post", slug: "launch", preview: true }))?.id).toBe(entry.id);
    server.clock.now = new Date(server.clock.now.getTime() + 61_000);
    expect((await content.findLive({ kind: "post", slug: "launch" }))?.id).toBe(entry.id);
    expect((await content.listLive({ kind: "post" })).map((e) => e.slug)).toContain("launch");
    // Drafts and archived entries never show.
    await staff.post(`/api/admin/content/${entry.id}/archive`, {});
    expect(await content.findLive({ kind: "post", slug: "launch" })).toBeNull();
    expect((await staff.post("/api/admin/content", post("no-time", { status: "scheduled" }))).status).toBe(400);
  });

  it("refuses unsafe bodies with the path, and bad fields", async () => {
    const js = await staff.post("/api/admin/content", post("bad-link", { body: { type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text: "x", marks: [{ type: "link", attrs: { href: "javascript:alert(1)" } }] }] }] } }));
    expect(js.status).toBe(400);
    expect(js.body.message).toMatch(/body: content\[0\]\.content\[0\]\.marks\[0\]\.attrs\.href: links may only use https:/);
    const outside = await staff.post("/api/admin/content", post("bad-image", { body: { type: "doc", content: [{ type: "image", attrs: { src: "https://evil.example/a.jpg", alt: "x" } }] } }));
    expect(outside.body.message).toMatch(/images must be the store's own photos/);
    const iframe = await staff.post("/api/admin/content", post("bad-node", { body: { type: "doc", content: [{ type: "iframe" }] } }));
    expect(iframe.body.message).toMatch(/content\[0\]: unknown node 'iframe'/);
    const h1 = await staff.post("/api/admin/content", post("bad-heading", { body: { type: "doc", content: [{ type: "heading", attrs: { level: 1 }, content: [{ type: "text", text: "Big" }] }] } }));
    expect(h1.body.message).toMatch(/headings are h2, h3 or h4/);
    expect((await staff.post("/api/admin/content", post("Bad Slug"))).status).toBe(400);
    expect((await staff.post("/api/admin/content", { ...post("cover"), cover: { key: "0123456789abcdef01234567", widths: [640], alt: "" } })).status).toBe(400);
    expect((await staff.patch("/api/admin/content/999999", { title: "x" })).status).toBe(404);
    // <script> in text is just text: stored as written (pages render it escaped).
    const scripted = await staff.post("/api/admin/content", post("scripted", { body: doc("<script>alert(1)</script>") }));
    expect(scripted.status).toBe(201);
    expect(scripted.body.body).toEqual(doc("<script>alert(1)</script>"));
  });

  it("keeps a seeded article's shipped cover when staff save it, once it has alt text; a cover from elsewhere is refused", async () => {
    const seeded = (await staff.get("/api/admin/content?kind=post&q=hoodie")).body.entries[0];
    const shipped = { src: "/images/v1/hoodie/gray-front.svg", alt: "A grey hoodie" };
    const saved = await staff.patch(`/api/admin/content/${seeded.id}`, { cover: shipped });
    expect(saved.status).toBe(200);
    expect(saved.body.cover).toEqual(shipped);
    expect((await staff.patch(`/api/admin/content/${seeded.id}`, { cover: { ...shipped, alt: "" } })).status).toBe(400);
    const outside = await staff.patch(`/api/admin/content/${seeded.id}`, { cover: { src: "https://evil.example/x.png", alt: "x" } });
    expect(outside.status).toBe(400);
    expect(outside.body.message).toMatch(/cover/);
  });

  it("gives pages and policies one set of addresses: a page can't take a policy's slug", async () => {
    const clash = await staff.post("/api/admin/content", { ...post("returns"), kind: "page" });
    expect(clash.status).toBe(409);
    expect(clash.body.message).toBe('Another policy already uses the address "returns"');
    const page = await staff.post("/api/admin/content", { ...post("gift-guide"), kind: "page" });
    expect((await staff.patch(`/api/admin/content/${page.body.id}`, { slug: "privacy" })).status).toBe(409);
    // A post's addresses are its own (/blog/…).
    expect((await staff.post("/api/admin/content", post("returns"))).status).toBe(201);
  });

  it("dates a post when it goes live: a rescheduled post takes its new time, one published early takes that moment", async () => {
    const at = (ms: number) => new Date(server.clock.now.getTime() + ms).toISOString();
    const { body: entry } = await staff.post("/api/admin/content", post("moving-launch", { status: "scheduled", publishAt: at(5 * 86_400_000) }));
    expect(entry.publishedAt).toBe(at(5 * 86_400_000));
    expect((await staff.patch(`/api/admin/content/${entry.id}`, { publishAt: at(7 * 86_400_000) })).body.publishedAt).toBe(at(7 * 86_400_000));
    const early = (await staff.patch(`/api/admin/content/${entry.id}`, { status: "published" })).body;
    expect(early.publishedAt).toBe(server.clock.now.toISOString());
    // Once live, its date stays.
    server.clock.now = new Date(server.clock.now.getTime() + 60_000);
    expect((await staff.patch(`/api/admin/content/${entry.id}`, { title: "Moved launch" })).body.publishedAt).toBe(early.publishedAt);
  });

  it("is staff only: a shopper gets 403 and nothing is written", async () => {
    const shopper = createApiClient(server.url);
    await registerShopper(shopper);
    expect((await shopper.get("/api/admin/content")).status).toBe(403);
    expect((await shopper.post("/api/admin/content", post("shopper"))).status).toBe(403);
    expect((await shopper.patch("/api/admin/content/1", { title: "x" })).status).toBe(403);
    expect(await server.services.contentEntries.findLive({ kind: "post", slug: "shopper", preview: true })).toBeNull();
    expect((await createApiClient(server.url).get("/api/admin/content")).status).toBeGreaterThanOrEqual(401);
  });
});
