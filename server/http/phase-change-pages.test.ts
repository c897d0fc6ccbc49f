/**
 * Decision 0050 with the built pages: a drop's page and its product pages, cached while it is announced, are rendered
 * again at its opening by this process's own timer (nobody asks), and the first visitors after it meet them in
 * memory, open.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { AHEAD_MS, warmUpPaths } from "./phase-warm-up";
import { createApiClient } from "../test/api-client";
import { startTestServer, type TestServer } from "../test/test-server";
import { freeProducts, insertDrop } from "../test/timed-drops";

let server: TestServer;
beforeAll(async () => {
  // A minute's life: nothing expires in the test, so a page seen anew after the open is the phase change's doing.
  server = await startTestServer({ pages: true, cacheTtlMs: 60_000 });
  // The service clock runs with the machine's here: the timer, not a test, moves the store past the open.
  Object.defineProperty(server.clock, "now", { get: () => new Date(), configurable: true });
});
afterAll(() => server?.close());

const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];

describe("a drop opening while its pages are cached (decision 0050)", () => {
  it("its page and its products' pages say it is open from the instant, served from memory", async () => {
    const opensAt = new Date(Date.now() + 6000);
    const productIds = await freeProducts(server.database.db, 2);
    await insertDrop(server.database.db, { slug: "pages-open", opensAt, productIds });
    server.services.catalogChanges.publish({ all: true });
    const passed = new Promise<Date>((resolve) => server.services.drops.index.onPhaseChange((_changed, at) => resolve(at)));

    const visitor = createApiClient(server.url);
    const paths = ["/drops/pages-open", ...productIds.map((id) => `/product/${id}`)];
    for (const path of paths) {
      expect((await visitor.get(path)).status).toBe(200);
      expect((await visitor.get(path)).headers.get("x-cache")).toBe("hit");
    }
    const before = await visitor.get("/drops/pages-open");
    expect(titleOf(before.text)).toMatch(/Coming soon/);
    for (const id of productIds) expect((await visitor.get(`/product/${id}`)).text).toMatch(/>Opens [A-Z]/);
    // Cached well before the open (six seconds were given for a few renders); else this test proves nothing.
    expect(Date.now()).toBeLessThan(opensAt.getTime());

    // Nobody asks until the timer has passed the open; the warm-up's renders are then under way or stored.
    const at = await passed;
    expect(at.getTime()).toBeGreaterThanOrEqual(opensAt.getTime());
    for (const path of paths) {
      const page = await visitor.get(path);
      expect(page.status).toBe(200);
      // Served from the warm-up's render (stored, or awaited while it ran): no visitor rendered it.
      expect(["hit", "shared"]).toContain(page.headers.get("x-cache"));
      expect(page.text).not.toMatch(/Coming soon/);
      expect(page.text).not.toMatch(/>Opens [A-Z]/);
    }
    expect(titleOf((await visitor.get("/drops/pages-open")).text)).toMatch(/Pre-order/);
  });

  it("rendered ahead (decision 0051), its pages are stored at the instant, each exactly as a render after it makes it", async () => {
    const opensAt = new Date(Date.now() + AHEAD_MS + 4000);
    const productIds = await freeProducts(server.database.db, 2);
    await insertDrop(server.database.db, { slug: "pages-ahead", opensAt, productIds });
    server.services.catalogChanges.publish({ all: true });
    const said = vi.spyOn(server.logger, "info");
    const passed = new Promise<Date>((resolve) => server.services.drops.index.onPhaseChange((_changed, at) => resolve(at)));
    const visitor = createApiClient(server.url);
    expect(titleOf((await visitor.get("/drops/pages-ahead")).text)).toMatch(/Coming soon/);

    await passed;
    const drop = (await server.services.drops.index.bySlug("pages-ahead"))!;
    const paths = warmUpPaths([drop]);
    // Every page was rendered ahead and stored at the instant: the warm-up had none left to render.
    const warmed = () => said.mock.calls.find(([, msg]) => msg === "warmed the drops' pages at their phase change")?.[0];
    await vi.waitFor(() => expect(warmed()).toMatchObject({ ahead: paths.length, pages: 0 }));
    const ahead = new Map<string, string>();
    for (const path of paths) {
      const page = await visitor.get(path);
      expect(page.headers.get("x-cache"), path).toBe("hit");
      ahead.set(path, page.text);
    }
    expect(ahead.get("/drops/pages-ahead")).not.toMatch(/Coming soon/);
    // The drop page's clock (its countdowns count from it) is the instant itself.
    expect(/\\"at\\",(\d+),/.exec(ahead.get("/drops/pages-ahead")!)?.[1]).toBe(String(opensAt.getTime()));
    // The same pages rendered after the instant, on the store's clock set back to it (pages show the clock they are
    // rendered at, and countdowns in seconds).
    Object.defineProperty(server.clock, "now", { get: () => opensAt, configurable: true });
    server.services.catalogChanges.publish({ all: true });
    for (const path of paths) {
      expect((await visitor.get(path)).headers.get("x-cache"), path).toBeNull();
      // Served from memory like the one rendered ahead (a stored product page gets its latest stock put in).
      const page = await visitor.get(path);
      expect(page.headers.get("x-cache"), path).toBe("hit");
      expect(withoutNonce(page.text), path).toBe(withoutNonce(ahead.get(path)!));
    }
    said.mockRestore();
    Object.defineProperty(server.clock, "now", { get: () => new Date(), configurable: true });
  });
});

/** A page's text without its per-answer nonce. */
const withoutNonce = (text: string) => text.replace(/nonce="[^"]*"/g, 'nonce=""');
