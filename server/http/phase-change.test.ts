import { mkdtempSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { Router } from "express";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createApp } from "../app";
import { createServices, type Services } from "../context";
import { drops } from "../db/schema";
import { createLogger } from "../logger";
import { createMediaStore } from "../media/media-store";
import { createTestPaymentProvider } from "../payments/test-provider";
import { createApiClient } from "../test/api-client";
import { createMemoryMailer } from "../test/memory-mailer";
import { createTestDatabase, type TestDatabase } from "../test/test-database";
import { freeProducts, insertDrop } from "../test/timed-drops";
import { dropPhase } from "../../shared/drops";
import { renderingAheadFor } from "../clock/render-ahead";

/**
 * Decision 0050 end to end: the real app (the phase check, the response cache, the warm-up, the drop index) with two
 * stand-in pages that show a drop's phase as the real ones do, read at the service clock: a product page and a drop
 * page. Each counts its renders, and a render can be held at a gate once it has read the phase.
 */
const renders = new Map<string, number>();
/** The same, for renders made ahead of a phase change (decision 0051), kept apart so each test sees which ran. */
const aheadRenders = new Map<string, number>();
/** Renders of a path, ahead of the instant or after it. */
const allRenders = (path: string) => (renders.get(path) ?? 0) + (aheadRenders.get(path) ?? 0);
let gate: Promise<void> | null = null;
/** Called when a product page's render has read its drop's phase. */
let onPhaseRead: (() => void) | null = null;
function standInPages(services: Services) {
  const pages = Router();
  const rendered = (path: string) => {
    const counted = renderingAheadFor() === undefined ? renders : aheadRenders;
    counted.set(path, (counted.get(path) ?? 0) + 1);
  };
  pages.get("/product/:id", async (req, res) => {
    const found = await services.drops.index.dropOf(parseInt(req.params.id, 10));
    onPhaseRead?.();
    const held = gate;
    if (held) await held;
    rendered(req.path);
    res.type("html").send(`<pre>${JSON.stringify({ phase: found?.phase ?? null })}</pre>`);
  });
  pages.get("/drops/:slug", async (req, res) => {
    const drop = await services.drops.index.bySlug(req.params.slug.replace(/\.data$/, ""));
    if (!drop) return void res.status(404).end();
    rendered(req.path);
    res.type("html").send(`<pre>${JSON.stringify({ phase: dropPhase(drop, services.drops.now()) })}</pre>`);
  });
  return pages;
}

let database: TestDatabase;
let services: Services;
let url: string;
let close: () => Promise<void>;
/** The service clock: the machine's, or held still where a test puts it. */
let heldAt: Date | null = null;
const now = () => heldAt ?? new Date();
beforeAll(async () => {
  database = await createTestDatabase();
  const mediaDir = mkdtempSync(join(tmpdir(), "store-media-"));
  const logger = createLogger("silent");
  services = createServices({ db: database.db, payments: createTestPaymentProvider({ db: database.db }), mailer: createMemoryMailer(), logger, now, storeUrl: "http://store.test", media: createMediaStore(mediaDir) });
  // A minute's life: nothing in these tests expires, so every render seen is a change's or the warm-up's doing.
  const app = createApp({ services, logger, production: true, cacheTtlMs: 60_000, pages: { handlers: [standInPages(services)], renderCartPage: async () => "", renderPurchase: async () => "" } });
  const server = app.listen(0, "127.0.0.1");
  await new Promise<void>((resolve) => server.once("listening", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = async () => {
    services.drops.index.stop();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await database.close();
    rmSync(mediaDir, { recursive: true, force: true });
  };
});
afterAll(() => close?.());
beforeEach(() => {
  heldAt = null;
  gate = null;
  onPhaseRead = null;
  renders.clear();
  aheadRenders.clear();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const get = (path: string) => createApiClient(url).get(path);
const phaseOf = (page: { text: string }) => JSON.parse(/<pre>(.*)<\/pre>/.exec(page.text)![1]!).phase;
/** Reads a page twice, so the second read is from the cache; answers that second read. */
async function cached(path: string) {
  await get(path);
  const again = await get(path);
  expect(again.headers.get("x-cache")).toBe("hit");
  return again;
}

/** A drop of `count` products of its own, opening at `opensAt`, made as staff make one (the change published). */
async function dropOpeningAt(slug: string, opensAt: Date, count = 2) {
  const productIds = await freeProducts(database.db, count);
  const id = await insertDrop(database.db, { slug, opensAt, productIds });
  services.catalogChanges.publish({ all: true });
  return { id, productIds };
}

describe("a drop's phase change (decision 0050)", () => {
  it("its pages, cached before the open, show it open once the clock passes it, with no request to set it off, each rendered once, ahead of the instant or by the warm-up", async () => {
    const opensAt = new Date(Date.now() + 1500);
    const { productIds } = await dropOpeningAt("timer-opens", opensAt);
    const paths = ["/drops/timer-opens", ...productIds.map((id) => `/product/${id}`)];
    for (const path of paths) expect(phaseOf(await cached(path))).toBe("announced");
    for (const path of paths) expect(renders.get(path)).toBe(1);

    // Nobody asks: the timer passes the change, and the pages rendered ahead of it (decision 0051) are stored, or
    // the warm-up renders them.
    await sleep(Math.max(0, opensAt.getTime() - Date.now()));
    const deadline = Date.now() + 10_000;
    while (paths.some((path) => allRenders(path) !== 2) && Date.now() < deadline) await sleep(20);
    for (const path of paths) expect(allRenders(path)).toBe(2);

    // The crowd at the open is served from memory: every answer a hit, the open page, and no render more.
    const crowd = await Promise.all(Array.from({ length: 30 }, (_, i) => get(paths[i % paths.length]!)));
    for (const page of crowd) {
      expect(page.headers.get("x-cache")).toBe("hit");
      expect(phaseOf(page)).toBe("open");
    }
    for (const path of paths) expect(allRenders(path)).toBe(2);
  });

  it("a page cached before the instant is not served after it, though no timer has fired (a clock moved ahead)", async () => {
    heldAt = new Date();
    const opensAt = new Date(heldAt.getTime() + 3_600_000);
    const { productIds } = await dropOpeningAt("clock-moved", opensAt);
    const product = `/product/${productIds[0]}`;
    expect(phaseOf(await cached(product))).toBe("announced");
    expect(phaseOf(await cached("/drops/clock-moved"))).toBe("announced");

    heldAt = new Date(opensAt.getTime() + 1);
    const first = await get(product);
    expect(phaseOf(first)).toBe("open");
    expect(phaseOf(await get("/drops/clock-moved"))).toBe("open");
    // The crowd that came with the first request waited for one render of each page, or met it stored.
    const crowd = await Promise.all(Array.from({ length: 10 }, () => get(product)));
    for (const page of crowd) expect(phaseOf(page)).toBe("open");
    expect(renders.get(product)).toBe(2);
  });

  it("a render begun before the instant and stored after it is never served after it", async () => {
    heldAt = new Date();
    const opensAt = new Date(heldAt.getTime() + 3_600_000);
    const { productIds } = await dropOpeningAt("late-render", opensAt);
    const product = `/product/${productIds[0]}`;

    // Begun before the open, it reads the phase, then waits at the gate while the clock passes the open.
    let release!: () => void;
    gate = new Promise<void>((resolve) => (release = resolve));
    const read = new Promise<void>((resolve) => (onPhaseRead = resolve));
    const early = get(product);
    await read;
    heldAt = new Date(opensAt.getTime() + 1);
    gate = null;
    release();
    // It answers the request that came before the open with what it read then, and is stored: no request has passed
    // the change yet.
    expect(phaseOf(await early)).toBe("announced");
    expect(phaseOf(await get(product))).toBe("open");
  });

  it("a render begun before the instant, met by a request after it, is not handed to that request", async () => {
    heldAt = new Date();
    const opensAt = new Date(heldAt.getTime() + 3_600_000);
    const { productIds } = await dropOpeningAt("overtaken-render", opensAt);
    const product = `/product/${productIds[0]}`;

    let release!: () => void;
    gate = new Promise<void>((resolve) => (release = resolve));
    const read = new Promise<void>((resolve) => (onPhaseRead = resolve));
    const early = get(product);
    await read;
    heldAt = new Date(opensAt.getTime() + 1);
    gate = null;
    // Time to meet the render in flight (were it slower, it would meet the render stored: the same answer is due).
    const late = get(product);
    await sleep(50);
    release();
    expect(phaseOf(await early)).toBe("announced");
    expect(phaseOf(await late)).toBe("open");
    expect(phaseOf(await get(product))).toBe("open");
  });

  it("a drop whose opening staff bring forward opens at the new instant", async () => {
    const { id, productIds } = await dropOpeningAt("moved-forward", new Date(Date.now() + 3_600_000));
    const product = `/product/${productIds[0]}`;
    expect(phaseOf(await cached(product))).toBe("announced");
    const opensAt = new Date(Date.now() + 1000);
    await database.db.update(drops).set({ opensAt }).where(eq(drops.id, id));
    services.catalogChanges.publish({ all: true });
    expect(phaseOf(await cached(product))).toBe("announced");
    await sleep(Math.max(0, opensAt.getTime() - Date.now()));
    const deadline = Date.now() + 10_000;
    while (allRenders(product) !== 3 && Date.now() < deadline) await sleep(20);
    const page = await get(product);
    expect(page.headers.get("x-cache")).toBe("hit");
    expect(phaseOf(page)).toBe("open");
  });
});
