/** The home page and the announcement bar as shoppers and staff get them (issue 28): the window rule, the bar, preview-as-of. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedInAdmin } from "../test/admin-helpers";
import { startTestServer, type TestServer } from "../test/test-server";

let server: TestServer;
let staff: Awaited<ReturnType<typeof signedInAdmin>>;
beforeAll(async () => {
  // The response cache on, as in production: previews must never enter it.
  server = await startTestServer({ pages: true, cacheTtlMs: 60_000 });
  staff = await signedInAdmin(server);
});
afterAll(() => server?.close());

const page = async (path: string) => {
  const res = await fetch(`${server.url}${path}`);
  return { status: res.status, html: await res.text(), headers: res.headers };
};
const headings = (html: string) => [...html.matchAll(/<h[12][^>]*>([\s\S]*?)<\/h[12]>/g)].map((m) => m[1]!.replace(/<[^>]+>/g, "").trim());
/** The bar's text, or null when there is none. */
const bar = (html: string) => /<section aria-label="Announcement"[^>]*>([\s\S]*?)<\/section>/.exec(html)?.[1]!.replace(/<!--.*?-->/g, "").replace(/<[^>]+>/g, " ").replace(/\s+/g, " ").trim() ?? null;
const at = (ms: number) => new Date(server.clock.now.getTime() + ms).toISOString();
const richText = (text: string) => ({ type: "rich_text", settings: { doc: { type: "doc", content: [{ type: "heading", attrs: { level: 2 }, content: [{ type: "text", text }] }] } } });

type Section = { type: string; settings: unknown; visible: boolean; startsAt: string | null; endsAt: string | null };
async function withSections(extra: unknown[], run: () => Promise<void>) {
  const seeded: Section[] = (await staff.get("/api/admin/home")).body.sections;
  const keep = seeded.map(({ type, settings, visible, startsAt, endsAt }) => ({ type, settings, visible, startsAt, endsAt }));
  expect((await staff.put("/api/admin/home/sections", { sections: [...extra, ...keep] })).status).toBe(200);
  try {
    await run();
  } finally {
    await staff.put("/api/admin/home/sections", { sections: keep });
  }
}

/** Sets the one seeded shipping rate: free over `cents`, or (null) a paid flat rate, so nothing ships free. */
async function freeShippingOver(cents: number | null) {
  const { zones } = (await staff.get("/api/admin/shipping")).body;
  const rate = zones[0].rates[0];
  const change = cents === null ? { kind: "flat", amountCents: 599, minSubtotalCents: null } : { kind: "free_over", amountCents: 0, minSubtotalCents: cents };
  expect((await staff.patch(`/api/admin/shipping/rates/${rate.id}`, change)).status).toBe(200);
}

describe("the home page", () => {
  it("renders the seeded sections as the SPEC's home page, in order", async () => {
    const { status, html } = await page("/");
    expect(status).toBe(200);
    const found = headings(html);
    const expected = ["VSOP Premium Collection", "The VSOP Collection", "Featured products", "Coming soon", "OUR COLLECTIONS", "Premium Quality", "Unique Designs", "Follow VSOP", "Get VIP early access"];
    const positions = expected.map((h) => found.indexOf(h));
    expect(positions.every((p) => p >= 0), `missing: ${expected.filter((_, i) => positions[i]! < 0)} in ${found}`).toBe(true);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    expect(bar(html)).toBeNull();
  });

  it("shows a section only while it is visible and its window holds at the service clock", async () => {
    await withSections([{ ...richText("Opens in a minute"), startsAt: at(60_000), endsAt: at(120_000) }, { ...richText("Hidden by staff"), visible: false }], async () => {
      expect(headings((await page("/")).html)).not.toContain("Opens in a minute");
      server.clock.now = new Date(server.clock.now.getTime() + 60_000);
      await staff.post("/api/admin/announcements", { message: "drop the cache" }).then((r) => staff.delete(`/api/admin/announcements/${r.body.id}`));
      const open = headings((await page("/")).html);
      expect(open[0]).toBe("Opens in a minute"); // first: before the hero
      expect(open).not.toContain("Hidden by staff");
      server.clock.now = new Date(server.clock.now.getTime() + 60_000);
      await staff.post("/api/admin/announcements", { message: "drop the cache" }).then((r) => staff.delete(`/api/admin/announcements/${r.body.id}`));
      expect(headings((await page("/")).html)).not.toContain("Opens in a minute");
    });
  });
});

describe("the home page's h1", () => {
  const h1s = (html: string) => [...html.matchAll(/<h1([^>]*)>([\s\S]*?)<\/h1>/g)].map((m) => ({ attrs: m[1]!, text: m[2]!.replace(/<[^>]+>/g, "").trim() }));

  it("is the hero's heading, and the store's name (visually hidden) while the hero is hidden or outside its window", async () => {
    expect(h1s((await page("/")).html)).toEqual([expect.objectContaining({ text: "VSOP Premium Collection" })]);
    const seeded: Section[] = (await staff.get("/api/admin/home")).body.sections;
    const keep = seeded.map(({ type, settings, visible, startsAt, endsAt }) => ({ type, settings, visible, startsAt, endsAt }));
    const store = (await staff.get("/api/admin/settings")).body.storeName as string;
    try {
      for (const hero of [{ visible: false }, { startsAt: at(86_400_000) }]) {
        const sections = keep.map((s) => (s.type === "hero" ? { ...s, ...hero } : s));
        expect((await staff.put("/api/admin/home/sections", { sections })).status).toBe(200);
        const found = h1s((await page("/")).html);
        expect(found).toEqual([{ attrs: expect.stringContaining("sr-only"), text: store }]);
      }
    } finally {
      await staff.put("/api/admin/home/sections", { sections: keep });
    }
  });
});

describe("the staff's home page editor", () => {
  it("judges each section's window at the service clock, as the home page does", async () => {
    const ends = new Date(Date.now() + 86_400_000).toISOString();
    const realNow = server.clock.now;
    await withSections([{ ...richText("Ends tomorrow"), endsAt: ends }], async () => {
      server.clock.now = new Date(Date.parse(ends) + 86_400_000);
      try {
        // Two days on, the staff session has long ended (staff sessions last 12 hours): a new one, signed in then.
        const later = await signedInAdmin(server);
        const html = (await later.get("/admin/home", { accept: "text/html" })).text;
        expect(html).toMatch(/>Ended <!-- -->[^<]+</);
        expect(html).not.toMatch(/>Shown until/);
      } finally {
        server.clock.now = realNow;
      }
    });
  });
});

describe("the announcement bar", () => {
  it("fills {free_shipping_threshold} from the live rule, escapes the message, and shows on storefront pages only", async () => {
    await freeShippingOver(7500);
    const { body } = await staff.post("/api/admin/announcements", { message: "<b>Free</b> shipping over {free_shipping_threshold}", linkUrl: "/shipping", linkLabel: "Details" });
    const home = (await page("/")).html;
    expect(bar(home)).toBe("&lt;b&gt;Free&lt;/b&gt; shipping over $75 Details");
    expect(home).toMatch(/<a[^>]*href="\/shipping"[^>]*>Details/);
    expect(bar((await page("/products")).html)).toBe("&lt;b&gt;Free&lt;/b&gt; shipping over $75 Details");
    expect(bar((await staff.get("/admin/settings", { accept: "text/html" })).text)).toBeNull();
    await staff.delete(`/api/admin/announcements/${body.id}`);
    expect(bar((await page("/")).html)).toBeNull();
  });

  it("hides an announcement that names a threshold when nothing ships free, and says why to staff; the next one shows", async () => {
    await freeShippingOver(null);
    const threshold = await staff.post("/api/admin/announcements", { message: "Free shipping over {free_shipping_threshold}", position: 0 });
    const plain = await staff.post("/api/admin/announcements", { message: "New hoodies just landed", position: 1 });
    expect(bar((await page("/")).html)).toBe("New hoodies just landed");
    const { announcements, freeShippingFromCents } = (await staff.get("/api/admin/home")).body;
    expect(freeShippingFromCents).toBeNull();
    expect(announcements.map((a: { state: string; text: string | null }) => [a.state, a.text])).toEqual([
      ["no_free_shipping", null],
      ["showing", "New hoodies just landed"],
    ]);
    await freeShippingOver(5000);
    expect(bar((await page("/")).html)).toBe("Free shipping over $50");
    await staff.delete(`/api/admin/announcements/${threshold.body.id}`);
    await staff.delete(`/api/admin/announcements/${plain.body.id}`);
  });
});

describe("preview as of", () => {
  it("shows staff the home page and the bar of a later time, private and unindexed; shoppers' asOf is ignored; never cached", async () => {
    const later = at(3 * 86_400_000);
    const sale = await staff.post("/api/admin/announcements", { message: "Weekend sale starts now", startsAt: at(2 * 86_400_000) });
    await withSections([{ ...richText("Weekend sale"), startsAt: at(2 * 86_400_000) }], async () => {
      const asOf = `/?asOf=${encodeURIComponent(later)}`;
      for (let i = 0; i < 2; i++) {
        const preview = await staff.get(asOf, { accept: "text/html" });
        expect(preview.status).toBe(200);
        expect(headings(preview.text)).toContain("Weekend sale");
        expect(bar(preview.text)).toBe("Weekend sale starts now");
        expect(preview.text).toContain("Staff preview:");
        expect(preview.headers.get("cache-control")).toBe("private, no-store");
        expect(preview.headers.get("x-robots-tag")).toBe("noindex");
        expect(preview.text).toContain('<meta name="robots" content="noindex"/>');
        expect(preview.headers.get("x-cache")).toBeNull();
      }
      // A client-side visit to the preview reads the same data.
      const data = await staff.get(`/_.data?asOf=${encodeURIComponent(later)}`);
      expect(data.text).toContain("Weekend sale");
      expect(data.headers.get("cache-control")).toBe("private, no-store");
      expect((await page(`/_.data?asOf=${encodeURIComponent(later)}`)).html).not.toContain("Weekend sale");
      // Today's page for staff without asOf, and for shoppers with it (cached as today's, never as the preview).
      expect(headings((await staff.get("/", { accept: "text/html" })).text)).not.toContain("Weekend sale");
      for (let i = 0; i < 2; i++) {
        const shopper = await page(asOf);
        expect(headings(shopper.html)).not.toContain("Weekend sale");
        expect(bar(shopper.html)).toBeNull();
        expect(shopper.html).not.toContain("Staff preview:");
        expect(shopper.headers.get("cache-control")).not.toBe("private, no-store");
        if (i === 1) expect(shopper.headers.get("x-cache")).toBe("hit");
      }
      expect(headings((await page("/")).html)).not.toContain("Weekend sale");
      // A date staff can't mean is no preview.
      expect((await staff.get("/?asOf=tomorrow", { accept: "text/html" })).text).not.toContain("Staff preview:");
    });
    await staff.delete(`/api/admin/announcements/${sale.body.id}`);
  });
});
