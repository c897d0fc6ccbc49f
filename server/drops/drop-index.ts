import { asc, isNull } from "drizzle-orm";
import type { CatalogChanges } from "../cache/catalog-changes";
import type { Database } from "../db/client";
import { dropProducts, drops, type DropRow } from "../db/schema";
import { currentDrop, type DropPhase, dropPhase, nextPhaseChange } from "../../shared/drops";

/** A drop as this process keeps it in memory: its row and its products, in their order. */
export type IndexedDrop = DropRow & { productIds: number[] };

/** The longest a phase timer waits (setTimeout's limit is about 24.8 days): it then looks again. */
const MAX_WAIT_MS = 6 * 3_600_000;

/**
 * Every drop not archived, with its products, kept in this process (a handful of rows) so a purchase asks "which drop
 * is this product in, and in what phase?" without a query (DESIGN §11). It is read again after any staff change,
 * made here or heard from another process (a change to everything).
 *
 * The phase switch is a rule at the service clock, not a job's side effect; but the response cache and the shared
 * reads hold pages rendered in the phase before. So each process sets a timer for the next phase change of any drop
 * and, when it fires, publishes a change to everything here: its caches drop what they hold at that instant, with no
 * staff click and no message between processes (each one's clock fires its own).
 */
export function createDropIndex({ db, now, catalogChanges }: { db: Database; now: () => Date; catalogChanges: CatalogChanges }) {
  let loaded: Promise<IndexedDrop[]> | null = null;
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;

  async function read(): Promise<IndexedDrop[]> {
    const [rows, links] = await Promise.all([
      db.select().from(drops).where(isNull(drops.archivedAt)).orderBy(asc(drops.announceAt), asc(drops.id)),
      db.select().from(dropProducts).orderBy(asc(dropProducts.position), asc(dropProducts.productId)),
    ]);
    return rows.map((row) => ({ ...row, productIds: links.filter((l) => l.dropId === row.id).map((l) => l.productId) }));
  }

  function all(): Promise<IndexedDrop[]> {
    if (!loaded) {
      const reading = read();
      loaded = reading;
      reading.then(schedule, () => loaded === reading && (loaded = null));
    }
    return loaded;
  }

  /** Sets the timer for the next phase change of any drop (the service clock's instant, STORE_CLOCK_OFFSET honoured). */
  function schedule(list: IndexedDrop[]) {
    if (timer) clearTimeout(timer);
    timer = null;
    if (stopped) return;
    const at = now();
    const next = list.map((d) => nextPhaseChange(d, at)?.getTime()).filter((t) => t !== undefined).sort((a, b) => a - b)[0];
    if (next === undefined) return;
    const wait = Math.min(MAX_WAIT_MS, Math.max(0, next - at.getTime()));
    timer = setTimeout(() => {
      timer = null;
      // Past a phase change: every cache of this process drops what it rendered before it (and this index re-reads,
      // setting the timer for the change after).
      if (wait < MAX_WAIT_MS) catalogChanges.receive({ all: true });
      else void all().then(schedule, () => undefined);
    }, wait + 5);
    timer.unref();
  }

  catalogChanges.subscribe((change) => {
    if (!("all" in change)) return;
    loaded = null;
    // Read again at once, so the next phase timer is set without waiting for a visitor.
    void all().catch(() => undefined);
  });

  return {
    /** Every drop not archived, oldest announcement first. */
    list: all,
    async bySlug(slug: string): Promise<IndexedDrop | null> {
      return (await all()).find((d) => d.slug === slug) ?? null;
    },
    async byId(id: number): Promise<IndexedDrop | null> {
      return (await all()).find((d) => d.id === id) ?? null;
    },
    /** "Which drop is this product in, at this instant, and in what phase?" (shared/drops.ts `currentDrop`); null: none. */
    async dropOf(productId: number): Promise<{ drop: IndexedDrop; phase: DropPhase } | null> {
      const at = now();
      const drop = currentDrop((await all()).filter((d) => d.productIds.includes(productId)), at);
      return drop && { drop, phase: dropPhase(drop, at) };
    },
    /** Stops the phase timer (the store is stopping). */
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
    },
  };
}

export type DropIndex = ReturnType<typeof createDropIndex>;
