/** The staff API for the home page's sections and the announcement bar (issue 28). */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApiClient } from "../test/api-client";
import { registerShopper } from "../test/accounts-helpers";
import { signedInAdmin } from "../test/admin-helpers";
import { startTestServer, type TestServer } from "../test/test-server";
import { SEEDED_SECTIONS, seedHome } from "./seed-home";

let server: TestServer;
let staff: Awaited<ReturnType<typeof signedInAdmin>>;
beforeAll(async () => {
  server = await startTestServer();
  staff = await signedInAdmin(server);
});
afterAll(() => server?.close());

type Section = { id: number; type: string; settings: Record<string, unknown>; visible: boolean; startsAt: string | null; endsAt: string | null };
const overview = async () => (await staff.get("/api/admin/home")).body as { sections: Section[]; announcements: { id: number; message: string; state: string; text: string | null }[]; freeShippingFromCents: number | null };
/** What a PUT sends back for a section read from GET. */
const input = ({ type, settings, visible, startsAt, endsAt }: Section) => ({ type, settings, visible, startsAt, endsAt });
const grid = { type: "product_grid", settings: { title: "New arrivals", source: "new", limit: 4 } };

describe("home sections", () => {
  it("start as the SPEC's home page, in its order", async () => {
    const { sections, announcements } = await overview();
    expect(sections.map((s) => s.type)).toEqual(SEEDED_SECTIONS.map((s) => s.type));
    expect(sections[1]).toMatchObject({ type: "featured_collection", settings: { collection: "tech-casual", limit: 12 }, visible: true, startsAt: null, endsAt: null });
    expect(sections[2]!.settings).toEqual({ title: "Featured products", source: "featured", limit: 4 });
    expect(announcements).toEqual([]);
    // Seeded once: a store with sections is never seeded again.
    expect(await seedHome(server.database.db, new Date())).toEqual({ sections: 0 });
  });

  it("are staff only", async () => {
    const shopper = createApiClient(server.url);
    expect((await shopper.get("/api/admin/home")).status).toBe(401);
    await registerShopper(shopper);
    expect((await shopper.put("/api/admin/home/sections", { sections: [] })).status).toBe(403);
    expect((await shopper.post("/api/admin/announcements", { message: "Hi" })).status).toBe(403);
  });

  it("are replaced as one ordered list, audited; defaults fill what a section leaves out", async () => {
    const before = (await overview()).sections;
    const reordered = [before[2]!, before[0]!, ...before.slice(3), before[1]!].map(input);
    const put = await staff.put("/api/admin/home/sections", { sections: [...reordered, grid] });
    expect(put.status).toBe(200);
    const after = (await overview()).sections;
    expect(after.map((s) => s.type)).toEqual([...reordered.map((s) => s.type), "product_grid"]);
    expect(after.at(-1)).toMatchObject({ settings: { title: "New arrivals", source: "new", limit: 4 }, visible: true, startsAt: null, endsAt: null });
    const audit = await staff.get("/api/admin/audit?entity=home&entityId=sections");
    expect(audit.body.entries[0]).toMatchObject({ action: "replace", actor: expect.stringMatching(/^staff:/) });
    // Back to the seeded order for the tests after this one.
    expect((await staff.put("/api/admin/home/sections", { sections: before.map(input) })).status).toBe(200);
  });

  it.each([
    [{ type: "carousel" }, /^Invalid sections: sections\.0\.type: must be one of the home section types$/],
    [{ ...grid, settings: { ...grid.settings, limit: 40 } }, /sections\.0\.settings\.limit: show at most 12 products/],
    [{ ...grid, settings: { ...grid.settings, colour: "red" } }, /sections\.0\.settings: Unknown field: colour/],
    [{ ...grid, settings: { ...grid.settings, source: "collection" } }, /sections\.0\.settings\.collection: pick a collection/],
    [{ ...grid, settings: { title: "Men", source: "collection", collection: "hats", limit: 4 } }, /sections\.0\.settings\.collection: there is no collection "hats"/],
    // A subcategory is no collection a section can show.
    [{ ...grid, settings: { title: "Tees", source: "collection", collection: "t-shirts", limit: 4 } }, /sections\.0\.settings\.collection: there is no collection "t-shirts"/],
    [{ type: "featured_collection", settings: { collection: "hoodies", limit: 4 } }, /sections\.0\.settings\.collection: there is no collection "hoodies"/],
    [{ ...grid, startsAt: "2027-02-01T00:00:00Z", endsAt: "2027-01-01T00:00:00Z" }, /sections\.0\.endsAt: must be after the start/],
    [{ type: "rich_text", settings: { doc: { type: "doc", content: [{ type: "iframe" }] } } }, /sections\.0\.settings\.doc: content\[0\]: unknown node 'iframe'/],
    [{ type: "image_text", settings: { heading: "H", text: "T", image: { key: "a".repeat(24), widths: [320], width: 320, height: 200, alt: "" } } }, /sections\.0\.settings\.image\.alt: describe the photo/],
    [{ type: "image_text", settings: { heading: "H", text: "T", buttonLabel: "Go", buttonHref: "javascript:alert(1)", image: { key: "a".repeat(24), widths: [320], width: 320, height: 200, alt: "A" } } }, /sections\.0\.settings\.buttonHref: must be a path on this store/],
    [{ type: "hero", settings: { heading: "" } }, /sections\.0\.settings\.heading: enter a heading/],
  ])("refuse %j with a 400 that names the field, changing nothing", async (section, message) => {
    const before = await overview();
    const res = await staff.put("/api/admin/home/sections", { sections: [section] });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(message);
    expect((await overview()).sections).toEqual(before.sections);
  });

  it("hold at most one hero (it holds the page's h1): a second is a 400 naming it", async () => {
    const before = await overview();
    const res = await staff.put("/api/admin/home/sections", { sections: [{ type: "hero" }, grid, { type: "hero", settings: { heading: "Again" } }] });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("Invalid sections: sections.2.type: the home page has one hero section (it holds the page's main heading): remove this one");
    expect((await overview()).sections).toEqual(before.sections);
  });

  it("accept every type's settings", async () => {
    const before = (await overview()).sections;
    const image = { key: "b".repeat(24), widths: [320, 640], width: 640, height: 480, alt: "A folded hoodie" };
    const all = [
      { type: "hero", settings: { heading: "Winter drop" } },
      { type: "featured_collection", settings: { collection: "men", title: "For him", limit: 3 } },
      { type: "product_grid", settings: { title: "Men's", source: "collection", collection: "men", limit: 8 } },
      { type: "rich_text", settings: { doc: { type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text: "Hello" }] }] } } },
      { type: "image_text", settings: { image, heading: "Made slowly", text: "Two lines.", buttonLabel: "Read more", buttonHref: "https://example.com/story", imageSide: "right" } },
      { type: "newsletter", settings: { heading: "Join", text: "News first." } },
      { type: "coming_soon", settings: {} },
      { type: "collection_banners", settings: { heading: "Shop" } },
      { type: "collection_links", settings: {} },
      { type: "feature_displays", settings: {} },
      { type: "vsop_strip", settings: {} },
      { type: "social_follow", settings: {} },
    ];
    const res = await staff.put("/api/admin/home/sections", { sections: all });
    expect(res.status).toBe(200);
    expect(res.body.sections.map((s: Section) => s.type)).toEqual(all.map((s) => s.type));
    expect(res.body.sections[4].settings).toEqual({ image, heading: "Made slowly", text: "Two lines.", buttonLabel: "Read more", buttonHref: "https://example.com/story", imageSide: "right" });
    await staff.put("/api/admin/home/sections", { sections: before.map(input) });
  });
});

describe("a collection a home section shows", () => {
  it("can't be deleted (409 naming the section, never a 500); once no section shows it, it can", async () => {
    const created = await staff.post("/api/admin/collections", { slug: "home-trail", name: "Trail", description: "", hero: "", parent: null });
    expect(created.status).toBe(201);
    const id = (created.body.collections as { id: number; slug: string }[]).find((c) => c.slug === "home-trail")!.id;
    const before = (await overview()).sections.map(input);
    const trailGrid = { type: "product_grid", settings: { title: "Trail picks", source: "collection", collection: "home-trail", limit: 4 } };
    expect((await staff.put("/api/admin/home/sections", { sections: [before[0], trailGrid, ...before.slice(1)] })).status).toBe(200);
    try {
      const refused = await staff.delete(`/api/admin/collections/${id}`);
      expect(refused.status).toBe(409);
      expect(refused.body.message).toBe('"Trail" is shown on the home page by section 2 (Product grid). Change or remove that section first.');
      // A hidden or ended section still names it: it could be shown again.
      expect((await staff.put("/api/admin/home/sections", { sections: [...before, { type: "featured_collection", visible: false, settings: { collection: "home-trail", limit: 4 } }] })).status).toBe(200);
      expect((await staff.delete(`/api/admin/collections/${id}`)).body.message).toBe(`"Trail" is shown on the home page by section ${before.length + 1} (Featured collection). Change or remove that section first.`);
      expect((await overview()).sections.at(-1)!.settings).toEqual({ collection: "home-trail", limit: 4 });
    } finally {
      await staff.put("/api/admin/home/sections", { sections: before });
    }
    expect((await staff.delete(`/api/admin/collections/${id}`)).status).toBeLessThan(300);
  });
});

describe("announcements", () => {
  it("are created, changed and deleted, each audited; unknown ids are 404", async () => {
    const created = await staff.post("/api/admin/announcements", { message: "Winter sale: 20% off", linkUrl: "/category/sale", linkLabel: "Shop the sale" });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ message: "Winter sale: 20% off", linkUrl: "/category/sale", linkLabel: "Shop the sale", active: true, position: 0, startsAt: null, endsAt: null });
    const id = created.body.id as number;
    const changed = await staff.patch(`/api/admin/announcements/${id}`, { active: false, endsAt: "2030-01-01T00:00:00Z" });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ active: false, endsAt: "2030-01-01T00:00:00.000Z" });
    expect((await overview()).announcements).toEqual([expect.objectContaining({ id, state: "off", text: "Winter sale: 20% off" })]);
    const audit = await staff.get(`/api/admin/audit?entity=announcement&entityId=${id}`);
    expect(audit.body.entries.map((e: { action: string }) => e.action)).toEqual(["update", "create"]);
    expect((await staff.delete(`/api/admin/announcements/${id}`)).status).toBe(200);
    expect((await overview()).announcements).toEqual([]);
    expect((await staff.patch(`/api/admin/announcements/${id}`, { active: true })).status).toBe(404);
    expect((await staff.delete(`/api/admin/announcements/${id}`)).status).toBe(404);
    expect((await staff.delete("/api/admin/announcements/abc")).status).toBe(400);
    // Past the tables' integer ids: a 400 too, not a database error.
    expect((await staff.delete("/api/admin/announcements/2147483648")).body.message).toBe("Invalid announcement id: is too large to be an id");
  });

  it.each([
    [{ message: "" }, /message: enter the message/],
    [{ message: "x".repeat(201) }, /message: use at most 200 characters/],
    [{ message: "Two\nlines" }, /message: keep the message on one line/],
    [{ message: "Hi", linkUrl: "javascript:alert(1)" }, /linkUrl: must be a path on this store/],
    [{ message: "Hi", linkUrl: "http://example.com" }, /linkUrl: must be a path on this store/],
    [{ message: "Hi", linkLabel: "More" }, /linkUrl: a link label needs a link/],
    [{ message: "Hi", startsAt: "2027-02-01T00:00:00Z", endsAt: "2027-01-01T00:00:00Z" }, /endsAt: must be after the start/],
    [{ message: "Hi", colour: "red" }, /Unknown field: colour/],
  ])("refuse %j with a 400 naming the field", async (body, message) => {
    const res = await staff.post("/api/admin/announcements", body);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(message);
    expect((await overview()).announcements).toEqual([]);
  });

  it("check a change's window against the stored one", async () => {
    const { body } = await staff.post("/api/admin/announcements", { message: "Soon", startsAt: "2027-02-01T00:00:00Z" });
    const res = await staff.patch(`/api/admin/announcements/${body.id}`, { endsAt: "2027-01-01T00:00:00Z" });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("Invalid announcement: endsAt: must be after the start");
    expect((await staff.patch(`/api/admin/announcements/${body.id}`, {})).status).toBe(400);
    await staff.delete(`/api/admin/announcements/${body.id}`);
  });
});
