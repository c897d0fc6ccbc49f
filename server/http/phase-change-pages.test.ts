/**
 * Decision 0050 with the built pages: a drop's page and its product pages, cached while it is announced, are rendered
 * again at its opening by this process's own timer (nobody asks), and the first visitors after it meet them in
 * memory, open.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApiClient } from "../test/api-client";
import { startTestServer, type TestServer } from "../test/test-server";
import { freeProducts, insertDrop } from "../test/timed-drops";

let server: TestServer;
beforeAll(async () => {
  // A minute's life: nothing expires in the test, so a page seen anew after the open is the phase change's doing.
  server = await startTestServer({ pages: true, cacheTtlMs: 60_000 });
  // The service clock runs with the machine's here: the timer, not a test, moves the store past the open.
  Object.defineProperty(server.clock, "now", { get: () => new Date() });
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
});
