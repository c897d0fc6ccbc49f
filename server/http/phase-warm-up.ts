import type { RequestHandler } from "express";
import { renderAhead } from "../clock/render-ahead";
import type { DropIndex, IndexedDrop, UpcomingChange } from "../drops/drop-index";
import { dropPath } from "../../shared/drops";
import type { Logger } from "../logger";

/** How many of a drop's products are warmed (a drop is a handful; a huge one warms its first pieces, the grid's). */
const MAX_PRODUCTS = 48;

/** Renders at once: one waits on the database while the other renders, and a visitor's request still gets the CPU. */
const CONCURRENCY = 2;

/** How long before a phase change its pages are rendered as of that instant (decision 0051). */
export const AHEAD_MS = 3000;

/** The longest a render-ahead timer waits before it looks at the clock again (setTimeout's limit is about 24.8 days). */
const MAX_WAIT_MS = 6 * 3_600_000;

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
  return [...new Set([...pages, "/", ...pages.map((p) => `${p}.data`), "/_.data"])];
}


/**
 * At each phase change, once the caches have dropped what they held, renders the changed drops' hot pages into this
 * process's response cache (decision 0050): each through the whole app as an anonymous visitor would ask (`get`, a
 * request of the store's own, never over the network where it could reach another process). A visitor who asks for a
 * page meanwhile waits for its render, as for any render in flight, instead of rendering it again. Returns a function
 * that stops listening.
 */
export function warmUpAtPhaseChanges({
  index,
  get,
  installAhead,
  logger,
}: {
  index: Pick<DropIndex, "onPhaseChange">;
  get: (path: string) => Promise<unknown>;
  /** Stores the renders made ahead for this instant (decision 0051), answering their paths: those need no warm-up. */
  installAhead: (due: Date) => string[];
  logger: Logger;
}): () => void {
  return index.onPhaseChange((changed, at, due) => {
    const ready = new Set(installAhead(due));
    if (changed.length === 0) return;
    const paths = warmUpPaths(changed).filter((path) => !ready.has(path));
    const started = performance.now();
    void warm(paths, get).then(() =>
      logger.info({ drops: changed.map((d) => d.slug), at: at.toISOString(), ahead: ready.size, pages: paths.length, ms: Math.round(performance.now() - started) }, "warmed the drops' pages at their phase change"),
    );
  });
}

/**
 * AHEAD_MS before each phase change, renders the changing drops' hot pages (warmUpPaths) as they will be from that
 * instant (decision 0051): each a request of the store's own with the service clock read as the instant
 * (`renderAhead`) and the cache's header that keeps its answer aside until then (`render`). At the instant the cache
 * stores them (warmUpAtPhaseChanges' installAhead) unless something changed meanwhile; a render that fails or ends
 * after the instant is simply not used, and the warm-up renders that page instead. One at a time: nobody waits for
 * them. Returns a function that stops it.
 */
export function renderAheadOfPhaseChanges({
  index,
  clock,
  render,
  logger,
}: {
  index: Pick<DropIndex, "onNextChange">;
  clock: () => Date;
  render: (path: string, due: Date) => Promise<unknown>;
  logger: Logger;
}): () => void {
  let timer: NodeJS.Timeout | null = null;
  let planned: UpcomingChange | null = null;
  const plan = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    if (!planned || planned.drops.length === 0) return;
    const next = planned;
    const wait = next.due.getTime() - AHEAD_MS - clock().getTime();
    timer = setTimeout(() => (wait > MAX_WAIT_MS ? plan() : void renderFor(next)), Math.min(Math.max(0, wait), MAX_WAIT_MS));
    timer.unref();
  };
  async function renderFor({ due, drops }: UpcomingChange) {
    if (clock() >= due) return;
    const paths = warmUpPaths(drops);
    const started = performance.now();
    for (const path of paths) await renderAhead(due, () => render(path, due)).catch(() => undefined);
    logger.info({ drops: drops.map((d) => d.slug), due: due.toISOString(), pages: paths.length, ms: Math.round(performance.now() - started) }, "rendered the drops' pages ahead of their phase change");
  }
  const stop = index.onNextChange((next) => {
    planned = next;
    plan();
  });
  return () => {
    stop();
    if (timer) clearTimeout(timer);
  };
}

/** Asks for each path in order, CONCURRENCY at a time; a failed one is left for its first visitor to render. */
async function warm(paths: string[], get: (path: string) => Promise<unknown>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < paths.length) await get(paths[next++]!).catch(() => undefined);
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
}
