/**
 * Decision 0051 in the response cache: a render ahead of a phase change is kept aside, stored at its instant if
 * nothing else changed since it began, and never served before.
 */
import type { AddressInfo } from "node:net";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { createCatalogChanges } from "../cache/catalog-changes";
import { localGet } from "./local-request";
import { createResponseCache } from "./response-cache";

/** An app whose page shows a version the test sets: what a render "as of the instant" would show. */
async function versionedApp() {
  const cache = createResponseCache({ ttlMs: 60_000 });
  const changes = createCatalogChanges();
  changes.subscribe((change) => cache.apply(change));
  const state = { version: "before", renders: 0 };
  const app = express();
  app.use(cache.middleware((req) => ({ key: req.path, product: null, listing: true })));
  app.get(/.*/, (_req, res) => {
    state.renders++;
    res.type("text/plain").send(state.version);
  });
  const listening = app.listen(0, "127.0.0.1");
  await new Promise<void>((resolve) => listening.once("listening", resolve));
  const base = `http://127.0.0.1:${(listening.address() as AddressInfo).port}`;
  opened.push(() => listening.close());
  return {
    cache,
    changes,
    state,
    get: async (path = "/drop") => {
      const res = await fetch(`${base}${path}`);
      return { text: await res.text(), cache: res.headers.get("x-cache") };
    },
    /** A render ahead for `due`, as the store makes it: a request of its own with the cache's header. */
    renderAhead: (due: Date, path = "/drop") => localGet(app, path, cache.aheadHeaders(due), 5000),
    /** The phase change: a change to everything, then the renders made for that instant are stored. */
    passPhase: (due: Date) => {
      changes.receive({ all: true });
      return cache.installAhead(due);
    },
  };
}

const opened: (() => void)[] = [];
afterEach(() => opened.splice(0).forEach((close) => close()));

describe("a render ahead of a phase change (decision 0051)", () => {
  it("is not served before the instant, and is served from it without a render", async () => {
    const store = await versionedApp();
    const due = new Date(Date.now() + 60_000);
    expect((await store.get()).text).toBe("before");
    store.state.version = "after";
    await store.renderAhead(due);
    // Before the instant visitors keep the page of the phase they are in.
    expect(await store.get()).toEqual({ text: "before", cache: "hit" });

    expect(store.passPhase(due)).toEqual(["/drop"]);
    const renders = store.state.renders;
    expect(await store.get()).toEqual({ text: "after", cache: "hit" });
    expect(store.state.renders).toBe(renders);
  });

  it("is dropped when anything changed after it began", async () => {
    const store = await versionedApp();
    const due = new Date(Date.now() + 60_000);
    store.state.version = "stale";
    await store.renderAhead(due);
    // Staff change something (or a sale in early access) between the render ahead and the instant.
    store.changes.receive({ products: [7], stockOnly: true });
    store.state.version = "after";
    expect(store.passPhase(due)).toEqual([]);
    expect(await store.get()).toEqual({ text: "after", cache: null });
  });

  it("is stored only at the instant it was made for", async () => {
    const store = await versionedApp();
    const due = new Date(Date.now() + 60_000);
    store.state.version = "later";
    await store.renderAhead(due);
    // Another drop's phase change comes first: the render for the later instant is not its page.
    expect(store.passPhase(new Date(due.getTime() - 1000))).toEqual([]);
    store.state.version = "now";
    expect((await store.get()).text).toBe("now");
    expect(store.passPhase(due)).toEqual([]);
  });
});
