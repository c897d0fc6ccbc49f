/**
 * The drop pages as shoppers get them (issue 48): /vsop keeps every SPEC §2 check, /drops/{slug} renders a drop made as
 * data (blocks, badge and countdown by phase), and a drop's product page shows its pre-order label, ship date and, before
 * the open, "Opens {date, time}" in place of the buttons, all at the service clock.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dropProducts, drops } from "../db/schema";
import { startTestServer, type TestServer } from "../test/test-server";
import { dateTimeLong, shipDateLong } from "../../shared/long-dates";

const MINUTE = 60_000;
const DAY = 86_400_000;
let server: TestServer;
let start: number;
const at = (ms: number) => new Date(start + ms);

beforeAll(async () => {
  server = await startTestServer({ pages: true, cacheTtlMs: 60_000 });
  start = server.clock.now.getTime();
  const [winter] = await server.database.db
    .insert(drops)
    .values({
      slug: "winter-drop",
      name: "Winter drop",
      announceAt: at(MINUTE),
      opensAt: at(3 * MINUTE),
      preorderClosesAt: at(DAY),
      shipsAt: at(20 * DAY),
      freeShipping: false,
      page: [
        { type: "drop_hero", settings: {} },
        { type: "drop_products", settings: { title: "Winter pieces" } },
        { type: "faq", settings: { heading: "Winter questions", items: [{ question: "Do the pieces run small?", answer: "True to size." }] } },
      ],
    })
    .returning();
  await server.database.db.insert(dropProducts).values([
    { dropId: winter!.id, productId: 10, position: 0 },
    { dropId: winter!.id, productId: 12, position: 1 },
  ]);
  await server.services.catalogChanges.publish({ all: true });
});
afterAll(() => server?.close());

const page = async (path: string) => {
  const res = await fetch(`${server.url}${path}`, { redirect: "manual" });
  return { status: res.status, html: await res.text(), location: res.headers.get("location") };
};
/** The page's visible text, tags dropped (scripts and their JSON too). */
const text = (html: string) =>
  html
    .replace(/<script[\s\S]*?<\/script>/g, " ")
    .replace(/<!--.*?-->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");
const region = (html: string, headingText: string) => {
  const start = html.indexOf(`>${headingText}</h2>`);
  expect(start, headingText).toBeGreaterThan(0);
  return html.slice(start, html.indexOf("</section>", start));
};
async function atClock(ms: number) {
  server.clock.now = at(ms);
  await server.services.catalogChanges.publish({ all: true });
}

describe("/vsop", () => {
  it("passes SPEC §2's VSOP landing checks from the vsop drop", async () => {
    const { status, html } = await page("/vsop");
    expect(status).toBe(200);
    const drop = (await fetch(`${server.url}/api/drops/vsop`).then((r) => r.json())) as { shipsAt: string };
    const ships = shipDateLong(new Date(drop.shipsAt));
    const all = text(html);
    expect(html).toMatch(/<h1 id="drop-title"[^>]*>VSOP Premium Collection<\/h1>/);
    expect(all).toContain(" PRE-ORDER ");
    expect(html).toContain(`>Ships ${ships}</p>`);
    expect(html).toMatch(/<a [^>]*href="\/product\/2"[^>]*>PRE-ORDER NOW<\/a>/);
    expect(all).toContain("AI Style Assistant");
    const cards = region(html, "The pieces");
    const cardText = text(cards);
    expect([...cards.matchAll(/href="\/product\/(\d+)"/g)].map((m) => m[1])).toEqual(["2", "3", "1"]);
    expect(cardText.match(/\$\d+\.\d\d/g)).toEqual(["$149.99", "$79.99", "$199.99"]);
    expect(cardText.match(/Sizes: XS, S, M, L, XL, 2XL, 3XL/g)).toHaveLength(3);
    expect(cardText.match(/PRE-ORDER/g)).toHaveLength(3);
    const details = text(region(html, "Pre-order details"));
    for (const line of ["Limited quantities", `Delivery ${ships}`, "Free shipping on all pre-orders"]) expect(details).toContain(line);
    expect(text(region(html, "Every VSOP piece"))).toMatch(/3 VSOP products in the tech-casual collection/);
    expect(all).toMatch(/Pre-order closes in/);
    expect(all).toMatch(/Hype meter/);
  });

  it("is the vsop drop's one address: /drops/vsop answers 301 to it", async () => {
    const res = await page("/drops/vsop");
    expect(res.status).toBe(301);
    expect(res.location).toBe("/vsop");
  });
});

describe("a second drop, made as data", () => {
  it("has no page before it is announced, and unknown or malformed slugs are 404s, never 500s", async () => {
    for (const path of ["/drops/winter-drop", "/drops/no-such-drop", "/drops/Bad_Slug", `/drops/${"a".repeat(61)}`, "/drops/%E2%98%83"]) expect((await page(path)).status, path).toBe(404);
  });

  it("renders its blocks by phase: coming soon with a countdown to the open, then pre-order, then closed", async () => {
    try {
      await atClock(MINUTE);
      const first = await page("/drops/winter-drop");
      expect(first.status).toBe(200);
      let { html } = first;
      let all = text(html);
      expect(html).toMatch(/<h1 id="drop-title"[^>]*>Winter drop<\/h1>/);
      expect(all).toContain(" COMING SOON ");
      expect(all).toContain(`Opens ${dateTimeLong(at(3 * MINUTE))}.`);
      expect(html).toContain(`>Ships ${shipDateLong(at(20 * DAY))}</p>`);
      expect(all).toMatch(/Opens in 00 Days 00 Hours 02 Minutes 00 Seconds/);
      const cards = region(html, "Winter pieces");
      expect([...cards.matchAll(/href="\/product\/(\d+)"/g)].map((m) => m[1])).toEqual(["10", "12"]);
      expect(text(cards)).toContain("View details");
      // Its own flags: no free shipping promised.
      expect(text(region(html, "Pre-order details"))).toContain("Shipping at checkout");
      expect(all).not.toMatch(/free shipping on all pre-orders/i);
      expect(html).toMatch(/<summary[^>]*>Do the pieces run small\?/);
      expect(all).not.toContain("Every VSOP piece");

      await atClock(3 * MINUTE);
      ({ html } = await page("/drops/winter-drop"));
      all = text(html);
      expect(all).toContain(" PRE-ORDER ");
      expect(all).toMatch(/Pre-order closes in 00 Days 23 Hours 57 Minutes/);
      expect(text(region(html, "Winter pieces"))).toContain("Pre-order now");

      await atClock(DAY);
      ({ html } = await page("/drops/winter-drop"));
      all = text(html);
      expect(all).toContain(" PRE-ORDERS CLOSED ");
      expect(all).toContain("Pre-Order Period Ended!");
    } finally {
      await atClock(0);
    }
  });

  it("gives its product pages the pre-order label, its ship date, and 'Opens …' in place of the buttons until the open", async () => {
    const buttons = /<div hidden="">\s*<div data-part="purchase">/;
    try {
      await atClock(MINUTE);
      const first = await page("/product/10");
      expect(first.status).toBe(200);
      let { html } = first;
      let all = text(html);
      expect(all).toContain(`Pre-order · Ships ${shipDateLong(at(20 * DAY))}`);
      expect(all).toContain(`Opens ${dateTimeLong(at(3 * MINUTE))}`);
      expect(html).toMatch(buttons);
      expect(html).toMatch(/<a [^>]*href="\/drops\/winter-drop"[^>]*>Winter drop<\/a>/);

      await atClock(3 * MINUTE);
      ({ html } = await page("/product/10"));
      all = text(html);
      expect(all).toContain(`Pre-order · Ships ${shipDateLong(at(20 * DAY))}`);
      expect(all).not.toContain("Opens ");
      expect(html).not.toMatch(buttons);
      expect(all).toContain("Pre-order: Add to Cart");

      await atClock(DAY);
      ({ html } = await page("/product/10"));
      expect(text(html)).toContain("Pre-orders closed");
      expect(html).toMatch(buttons);
    } finally {
      await atClock(0);
    }
  });

  it("leaves a product in no drop as it was: buttons, no pre-order line", async () => {
    const { html } = await page("/product/20");
    expect(text(html)).not.toMatch(/Pre-order · Ships|Opens |Pre-orders closed/);
    expect(html).not.toMatch(/<div hidden="">\s*<div data-part="purchase">/);
  });
});
