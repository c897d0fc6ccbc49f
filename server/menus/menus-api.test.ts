import { and, eq, like, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, contentEntries, products } from "../db/schema";
import { FOREIGN_KEY_MESSAGE } from "../http/errors";
import { registerShopper } from "../test/accounts-helpers";
import { signedInAdmin } from "../test/admin-helpers";
import { createApiClient } from "../test/api-client";
import { startTestServer, type TestServer } from "../test/test-server";
import type { StaffMenuItem } from "./resolve-menus";
import { LINKABLE_ENTRIES } from "./menu-service";
import { seedMenus } from "./seed-menus";

let server: TestServer;
let staff: Awaited<ReturnType<typeof signedInAdmin>>;

beforeAll(async () => {
  server = await startTestServer();
  staff = await signedInAdmin(server);
});
afterAll(() => server?.close());

type Menu = { handle: string; items: StaffMenuItem[] };
type Targets = { collections: { id: number; title: string; href: string }[]; entries: { id: number; kind: string; title: string; href: string; live: boolean }[]; moreEntries: boolean };
const view = async () => (await staff.get("/api/admin/menus")).body as { menus: Menu[]; targets: Targets };
const menu = async (handle: string) => (await view()).menus.find((m) => m.handle === handle)!;
const entryId = async (href: string) => (await view()).targets.entries.find((e) => e.href === href)!.id;
const shown = () => server.services.menus.storefront();
const doc = { type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text: "Hello" }] }] };

/** A menu's tree as the PUT takes it (what the staff page sends back). */
const asInput = (items: StaffMenuItem[]): unknown[] =>
  items.map(({ label, kind, targetId, url, badge, children }) => ({
    label,
    kind,
    ...(targetId !== null ? { targetId } : {}),
    ...(url !== null ? { url } : {}),
    ...(badge ? { badge } : {}),
    ...(kind === "group" ? { children: asInput(children) } : {}),
  }));

describe("seeded menus", () => {
  it("reproduce the header, footer and legal links the store had in code", async () => {
    const menus = await shown();
    expect(menus.header.map((i) => [i.label, i.href, i.badge ?? null])).toEqual([
      ["Men", "/category/men", null],
      ["Women", "/category/women", null],
      ["Kids", "/category/kids", null],
      ["Sale", "/category/sale", null],
      ["New", "/category/new", null],
      ["VSOP", "/vsop", "NEW"],
      ["Blog", "/blog", null],
      ["About", "/about", null],
    ]);
    expect(menus.header[1]!.links.map((l) => l.href)).toEqual(["/category/women/dresses", "/category/women/tops", "/category/women/bottoms", "/category/women/accessories"]);
    expect(menus.footer.map((c) => c.title)).toEqual(["Shop", "Customer Service", "About"]);
    expect(menus.footer[0]!.links.map((l) => l.label)).toEqual(["Men", "Women", "Kids", "Sale", "New Arrivals", "VSOP Collection", "All Products"]);
    expect(menus.footer[1]!.links.map((l) => l.href)).toEqual(["/contact", "/orders/lookup", "/shipping", "/returns", "/size-guide", "/faq"]);
    expect(menus.footer[2]!.links.map((l) => l.href)).toEqual(["/about", "/blog", "/sustainability", "/stores", "/careers"]);
    expect(menus.legal.map((l) => [l.label, l.href])).toEqual([
      ["Privacy", "/privacy"],
      ["Terms", "/terms"],
      ["Accessibility", "/accessibility"],
    ]);
    // Info pages are entries (their links follow a renamed slug); routes that are not entries are addresses.
    const footer = await menu("footer");
    expect(footer.items[1]!.children.map((c) => c.kind)).toEqual(["url", "url", "entry", "entry", "url", "entry"]);
    expect(footer.items[0]!.children.slice(0, 3).map((c) => c.kind)).toEqual(["collection", "collection", "collection"]);
    expect(await seedMenus(server.database.db)).toEqual({ items: 0 });
  });
});

describe("staff menus API", () => {
  it("answers each menu's tree with addresses, titles and liveness, and what can be linked", async () => {
    const { menus, targets } = await view();
    expect(menus.map((m) => m.handle)).toEqual(["header", "footer", "legal"]);
    const shipping = menus[1]!.items[1]!.children[2]!;
    expect(shipping).toMatchObject({ label: "Shipping", kind: "entry", href: "/shipping", targetTitle: "Shipping", live: true, children: [] });
    expect(targets.collections).toContainEqual(expect.objectContaining({ title: "Women's / Dresses", href: "/category/women/dresses" }));
    expect(targets.entries).toContainEqual(expect.objectContaining({ kind: "post", href: "/blog/2", live: true }));
    expect(targets.moreEntries).toBe(false);
  });

  it(`lists the ${LINKABLE_ENTRIES} most recently edited pages and posts to link, and says when there are more`, async () => {
    const bulk = Array.from({ length: LINKABLE_ENTRIES + 1 }, (_, i) => ({ kind: "post" as const, slug: `bulk-${i}`, title: `Bulk ${i}`, body: doc as never }));
    await server.database.db.insert(contentEntries).values(bulk);
    try {
      const { targets } = await view();
      expect(targets.entries).toHaveLength(LINKABLE_ENTRIES);
      expect(targets.moreEntries).toBe(true);
      // The seeded pages were edited before these: they are the ones left out.
      expect(targets.entries.every((e) => e.title.startsWith("Bulk "))).toBe(true);
    } finally {
      await server.database.db.delete(contentEntries).where(like(contentEntries.slug, "bulk-%"));
    }
    expect((await view()).targets.moreEntries).toBe(false);
  });

  it("replaces a menu's whole tree in order, audited, and the storefront shows it at once", async () => {
    const before = await menu("legal");
    const faq = await entryId("/faq");
    const res = await staff.put("/api/admin/menus/legal", { items: [{ label: "FAQ", kind: "entry", targetId: faq }, ...asInput(before.items), { label: "Help centre", kind: "url", url: "https://help.example.com/a?b=1" }] });
    expect(res.status).toBe(200);
    expect(res.body.items.map((i: StaffMenuItem) => i.label)).toEqual(["FAQ", "Privacy", "Terms", "Accessibility", "Help centre"]);
    expect((await shown()).legal.map((l) => l.href)).toEqual(["/faq", "/privacy", "/terms", "/accessibility", "https://help.example.com/a?b=1"]);
    const [audit] = await server.database.db.select().from(auditLog).where(and(eq(auditLog.entity, "menu"), eq(auditLog.entityId, "legal")));
    expect(audit).toMatchObject({ action: "update", actor: expect.stringMatching(/^staff:/) });
    expect((audit!.after as { links: string }).links).toMatch(/^FAQ → entry \d+; Privacy → entry \d+; Terms → entry \d+; Accessibility → entry \d+; Help centre → https:\/\/help\.example\.com\/a\?b=1$/);
    expect((await staff.put("/api/admin/menus/legal", { items: asInput(before.items) })).status).toBe(200);
  });

  it("links a product by id and leaves it out while it is not for sale", async () => {
    const before = await menu("header");
    await staff.put("/api/admin/menus/header", { items: [...asInput(before.items), { label: "Hoodie", kind: "product", targetId: 4 }] });
    expect((await shown()).header.at(-1)).toMatchObject({ label: "Hoodie", href: "/product/4" });
    await server.database.db.update(products).set({ status: "draft" }).where(eq(products.id, 4));
    server.services.catalogChanges.publish({ all: true });
    expect((await shown()).header.map((l) => l.label)).not.toContain("Hoodie");
    expect((await menu("header")).items.at(-1)).toMatchObject({ label: "Hoodie", live: false });
    await server.database.db.update(products).set({ status: "active" }).where(eq(products.id, 4));
    await staff.put("/api/admin/menus/header", { items: asInput(before.items) });
  });

  it.each([
    ["a label over 60 characters", "legal", { items: [{ label: "x".repeat(61), kind: "url", url: "/a" }] }, "items.0.label: must be at most 60 characters"],
    ["an empty label", "legal", { items: [{ label: "  ", kind: "url", url: "/a" }] }, "items.0.label: must not be empty"],
    ["a protocol-relative address", "legal", { items: [{ label: "A", kind: "url", url: "//evil.example" }] }, 'items.0.url: must be a path on this store starting with a single "/"'],
    ["a javascript: address", "legal", { items: [{ label: "A", kind: "url", url: "javascript:alert(1)" }] }, "items.0.url:"],
    ["an address with a control character", "legal", { items: [{ label: "A", kind: "url", url: "/sale\u0001x" }] }, 'items.0.url: must be a path on this store starting with a single "/"'],
    ["an address with a backslash", "legal", { items: [{ label: "A", kind: "url", url: "/\\evil.example" }] }, "items.0.url:"],
    ["an https address with a space", "legal", { items: [{ label: "A", kind: "url", url: "https://example.com/a b" }] }, "items.0.url:"],
    ["an http address", "legal", { items: [{ label: "A", kind: "url", url: "http://example.com" }] }, "items.0.url:"],
    ["a link without its target", "legal", { items: [{ label: "A", kind: "entry" }] }, "items.0.targetId: choose the page or post"],
    ["a target and an address", "legal", { items: [{ label: "A", kind: "collection", targetId: 1, url: "/a" }] }, "items.0.url:"],
    ["a column in the header", "header", { items: [{ label: "A", kind: "group", children: [] }] }, "items.0.kind: only the footer has columns"],
    ["a link at the footer's top level", "footer", { items: [{ label: "A", kind: "url", url: "/a" }] }, "items.0.kind: the footer's top level holds columns"],
    ["a column inside a column", "footer", { items: [{ label: "A", kind: "group", children: [{ label: "B", kind: "group" }] }] }, "items.0.children.0.kind: a column can't hold another column"],
    ["links under a link", "legal", { items: [{ label: "A", kind: "url", url: "/a", children: [] }] }, "items.0.children: only a footer column holds links"],
    ["more than 50 items", "footer", { items: [{ label: "A", kind: "group", children: Array.from({ length: 50 }, (_, i) => ({ label: `L${i}`, kind: "url", url: "/a" })) }] }, "items: must hold at most 50 items in all"],
    ["an unknown field", "legal", { items: [], extra: 1 }, "Unknown field: extra"],
    ["an unknown kind", "legal", { items: [{ label: "A", kind: "home" }] }, "items.0.kind:"],
    ["a missing collection", "header", { items: [{ label: "A", kind: "collection", targetId: 99999 }] }, "items.0.targetId: there is no collection 99999"],
    ["a missing entry in a column", "footer", { items: [{ label: "A", kind: "group", children: [{ label: "B", kind: "url", url: "/b" }, { label: "C", kind: "entry", targetId: 99999 }] }] }, "items.0.children.1.targetId: there is no page or post 99999"],
  ])("refuses %s with a 400 naming the field, and writes nothing", async (_what, handle, body, message) => {
    const before = await menu(handle);
    const res = await staff.put(`/api/admin/menus/${handle}`, body);
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(message);
    expect(await menu(handle)).toEqual(before);
  });

  it("answers 404 for an unknown menu and refuses shoppers and strangers", async () => {
    expect((await staff.put("/api/admin/menus/sidebar", { items: [] })).status).toBe(404);
    const shopper = createApiClient(server.url);
    expect([401, 403, 404]).toContain((await shopper.get("/api/admin/menus")).status);
    await registerShopper(shopper);
    expect([403, 404]).toContain((await shopper.get("/api/admin/menus")).status);
    expect([403, 404]).toContain((await shopper.put("/api/admin/menus/legal", { items: [] })).status);
  });
});

describe("links follow their targets", () => {
  it("a renamed slug keeps the link working: the address follows", async () => {
    const id = await entryId("/careers");
    expect((await staff.patch(`/api/admin/content/${id}`, { slug: "jobs" })).status).toBe(200);
    // "jobs" is not one of the info pages the routes know by name, so it lives under /pages.
    expect((await shown()).footer[2]!.links.map((l) => l.href)).toContain("/pages/jobs");
    expect((await staff.patch(`/api/admin/content/${id}`, { slug: "careers" })).status).toBe(200);
    expect((await shown()).footer[2]!.links.map((l) => l.href)).toContain("/careers");
  });

  it("a draft entry's item is left out; a scheduled one shows from its time (the service clock)", async () => {
    const created = await staff.post("/api/admin/content", { kind: "page", slug: "lookbook", title: "Lookbook", body: doc, status: "draft" });
    expect(created.status).toBe(201);
    const before = await menu("legal");
    await staff.put("/api/admin/menus/legal", { items: [...asInput(before.items), { label: "Lookbook", kind: "entry", targetId: created.body.id }] });
    expect((await shown()).legal.map((l) => l.label)).not.toContain("Lookbook");
    expect((await menu("legal")).items.at(-1)).toMatchObject({ label: "Lookbook", href: "/pages/lookbook", live: false });

    const at = new Date(server.clock.now.getTime() + 3_600_000);
    // Not live yet, so scheduling it is no unpublishing.
    expect((await staff.patch(`/api/admin/content/${created.body.id}`, { status: "scheduled", publishAt: at.toISOString() })).status).toBe(200);
    expect((await shown()).legal.map((l) => l.label)).not.toContain("Lookbook");
    server.clock.now = new Date(at.getTime() + 1000);
    try {
      expect((await shown()).legal.at(-1)).toEqual({ label: "Lookbook", href: "/pages/lookbook" });
    } finally {
      server.clock.now = new Date();
    }
    await staff.put("/api/admin/menus/legal", { items: asInput(before.items) });
  });
});

describe("what a menu links to stays online", () => {
  it("refuses to archive, unpublish or reschedule a linked page (409 naming the menu and item); other edits pass", async () => {
    const id = await entryId("/shipping");
    const archived = await staff.post(`/api/admin/content/${id}/archive`, {});
    expect(archived.status).toBe(409);
    expect(archived.body.message).toBe('"Shipping" is linked from the Footer menu ("Shipping"). Remove that link first.');
    expect((await staff.patch(`/api/admin/content/${id}`, { status: "draft" })).status).toBe(409);
    const later = new Date(server.clock.now.getTime() + 86_400_000).toISOString();
    expect((await staff.patch(`/api/admin/content/${id}`, { status: "scheduled", publishAt: later })).status).toBe(409);
    expect((await staff.patch(`/api/admin/content/${id}`, { excerpt: "How we ship" })).status).toBe(200);
    expect((await shown()).footer[1]!.links.map((l) => l.href)).toContain("/shipping");

    // Unlinked, it can go.
    const terms = await entryId("/terms");
    const legal = await menu("legal");
    await staff.put("/api/admin/menus/legal", { items: asInput(legal.items.filter((i) => i.targetId !== terms)) });
    expect((await staff.post(`/api/admin/content/${terms}/archive`, {})).status).toBe(200);
    expect((await staff.patch(`/api/admin/content/${terms}`, { status: "published" })).status).toBe(200);
    await staff.put("/api/admin/menus/legal", { items: asInput(legal.items) });
  });

  it("refuses to delete a linked collection with a 409 naming the menu, never a 500", async () => {
    const created = await staff.post("/api/admin/collections", { slug: "linked-trail", name: "Trail", description: "", hero: "", parent: null });
    expect(created.status).toBe(201);
    const id = (created.body.collections as { id: number; slug: string }[]).find((c) => c.slug === "linked-trail")!.id;
    const header = await menu("header");
    expect((await staff.put("/api/admin/menus/header", { items: [...asInput(header.items), { label: "Trail", kind: "collection", targetId: id }] })).status).toBe(200);
    expect((await shown()).header.at(-1)).toMatchObject({ label: "Trail", href: "/category/linked-trail", links: [] });
    const refused = await staff.delete(`/api/admin/collections/${id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('"Trail" is linked from the Header menu ("Trail"). Remove that link first.');
    await staff.put("/api/admin/menus/header", { items: asInput(header.items) });
    expect((await staff.delete(`/api/admin/collections/${id}`)).status).toBeLessThan(300);
  });

  it("a collection deleted between a save's check and its write makes the save a 409, never a 500", async () => {
    const created = await staff.post("/api/admin/collections", { slug: "race-trail", name: "Race", description: "", hero: "", parent: null });
    const id = (created.body.collections as { id: number; slug: string }[]).find((c) => c.slug === "race-trail")!.id;
    const db = server.database.db;
    // On PostgreSQL a concurrent delete can land there (the save's check passed, its insert meets the foreign key);
    // a trigger puts it there every time.
    await db.execute(sql.raw("create function menu_race() returns trigger language plpgsql as $$ begin delete from categories where id = new.category_id; return new; end $$"));
    await db.execute(sql.raw(`create trigger menu_race before insert on menu_items for each row when (new.category_id = ${Number(id)}) execute function menu_race()`));
    const header = await menu("header");
    try {
      const res = await staff.put("/api/admin/menus/header", { items: [...asInput(header.items), { label: "Race", kind: "collection", targetId: id }] });
      expect(res.status).toBe(409);
      expect(res.body).toEqual({ message: FOREIGN_KEY_MESSAGE, code: "conflict" });
    } finally {
      await db.execute(sql.raw("drop trigger menu_race on menu_items"));
      await db.execute(sql.raw("drop function menu_race()"));
    }
    // Nothing was written, and the collection (deleted in the refused transaction) is still there.
    expect(await menu("header")).toEqual(header);
    expect((await staff.delete(`/api/admin/collections/${id}`)).status).toBeLessThan(300);
  });
});

describe("emptied menus", () => {
  it("stay empty after a restart: once staff save a menu, the first menus are never written again", async () => {
    const before = await view();
    for (const handle of ["header", "footer", "legal"]) expect((await staff.put(`/api/admin/menus/${handle}`, { items: [] })).status).toBe(200);
    expect(await seedMenus(server.database.db)).toEqual({ items: 0 });
    expect(await shown()).toEqual({ header: [], footer: [], legal: [] });

    // A store whose staff never saved a menu (a new one, or one from before menus were data) gets them.
    await server.database.db.delete(auditLog).where(eq(auditLog.entity, "menu"));
    expect((await seedMenus(server.database.db)).items).toBeGreaterThan(0);
    server.services.catalogChanges.publish({ all: true });
    expect((await view()).menus.map((m) => asInput(m.items))).toEqual(before.menus.map((m) => asInput(m.items)));
  });
});
