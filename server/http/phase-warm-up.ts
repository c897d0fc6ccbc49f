import type { RequestHandler } from "express";
import type { DropIndex, IndexedDrop } from "../drops/drop-index";
import { dropPath } from "../../shared/drops";
import type { Logger } from "../logger";

/** How many of a drop's products are warmed (a drop is a handful; a huge one warms its first pieces, the grid's). */
const MAX_PRODUCTS = 48;

/** Renders at once: one waits on the database while the other renders, and a visitor's request still gets the CPU. */
const CONCURRENCY = 2;

/**
 * Every request first lets the drop index pass a phase change that is due on the service clock (decision 0050): one
 * clock read and a comparison. Placed before every cache, so no request meets an answer rendered in the phase before,
 * even when the timer is late or the clock was moved ahead.
 */
export function passingPhaseChanges(index: Pick<DropIndex, "passDueChanges">): RequestHandler {
  return (_req, _res, next) => {
    index.passDueChanges();
    next();
  };
}

/**
 * The addresses a crowd asks for at a drop's phase change, hottest first: its page and its products' pages, the home
 * page, then the same pages' client-side data (a visit from the drop page to a product).
 */
export function warmUpPaths(changed: IndexedDrop[]): string[] {
  const pages = [...changed.map((d) => dropPath(d.slug)), ...changed.flatMap((d) => d.productIds.slice(0, MAX_PRODUCTS).map((id) => `/product/${id}`))];
  return [...new Set([...pages, "/", ...pages.map((p) => `${p}.data`), "/_root.data"])];
}


/**
 * At each phase change, once the caches have dropped what they held, renders the changed drops' hot pages into this
 * process's response cache (decision 0050): each through the whole app as an anonymous visitor would ask (`get`, a
 * request of the store's own, never over the network where it could reach another process). A visitor who asks for a
 * page meanwhile waits for its render, as for any render in flight, instead of rendering it again. Returns a function
 * that stops listening.
 */
export function warmUpAtPhaseChanges({ index, get, logger }: { index: Pick<DropIndex, "onPhaseChange">; get: (path: string) => Promise<unknown>; logger: Logger }): () => void {
  return index.onPhaseChange((changed, at) => {
    if (changed.length === 0) return;
    const paths = warmUpPaths(changed);
    const started = performance.now();
    void warm(paths, get).then(() =>
      logger.info({ drops: changed.map((d) => d.slug), at: at.toISOString(), pages: paths.length, ms: Math.round(performance.now() - started) }, "warmed the drops' pages at their phase change"),
    );
  });
}

/** Asks for each path in order, CONCURRENCY at a time; a failed one is left for its first visitor to render. */
async function warm(paths: string[], get: (path: string) => Promise<unknown>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < paths.length) await get(paths[next++]!).catch(() => undefined);
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
}
