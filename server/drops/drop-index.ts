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
 * What a phase change hands its listeners: the drops whose phase changed, the service clock's instant it was seen at,
 * and the instant it was due at.
 */
export type PhaseChangeListener = (changed: IndexedDrop[], at: Date, due: Date) => void;

/** The next phase change this process will pass: its instant, and the drops whose phase changes then. */
export interface UpcomingChange {
  due: Date;
  drops: IndexedDrop[];
}

/**
 * Every drop not archived, with its products, kept in this process (a handful of rows) so a purchase asks "which drop
 * is this product in, and in what phase?" without a query (DESIGN §11). It is read at start and again after any staff
 * change, made here or heard from another process (a change to everything).
 *
 * The phase switch is a rule at the service clock, not a job's side effect; but the response cache and the shared
 * reads hold pages rendered in the phase before. So at the next phase change of any drop this process publishes a
 * change to everything to itself alone (each process's clock fires its own; no message between them), then tells its
 * phase listeners (the warm-up of the drop's pages, decision 0050). It is seen at that instant twice over: a timer,
 * and `passDueChanges`, which every request calls first (one clock read and a comparison), so a late timer or a clock
 * moved ahead (a test's, STORE_CLOCK_OFFSET) can't let a request meet a page rendered in the phase before.
 */
export function createDropIndex({ db, now, clock = now, catalogChanges }: { db: Database; now: () => Date; clock?: () => Date; catalogChanges: CatalogChanges }) {
  let loaded: Promise<IndexedDrop[]> | null = null;
  /** The list as last read, and the phase instant after it (ms on the service clock; null: no drop changes again). */
  let known: { list: IndexedDrop[]; since: number; next: number | null } | null = null;
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;
  /** Set while this index publishes a phase change: the list is unchanged, so it is not read again. */
  let passing = false;
  const listeners = new Set<PhaseChangeListener>();
  const planners = new Set<(next: UpcomingChange | null) => void>();

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
      // Only the latest read sets the timer: one begun before a staff change may resolve after the read that follows it.
      reading.then(
        (list) => loaded === reading && schedule(list),
        () => loaded === reading && (loaded = null),
      );
    }
    return loaded;
  }

  /** The next phase change of any drop after `at`, in ms on the service clock; null when none changes again. */
  const nextAfter = (list: IndexedDrop[], at: Date) =>
    list.reduce<number | null>((soonest, d) => {
      const t = nextPhaseChange(d, at)?.getTime();
      return t === undefined || (soonest !== null && soonest <= t) ? soonest : t;
    }, null);

  /**
   * Keeps the list and sets the timer for its next phase change (the service clock's instant, STORE_CLOCK_OFFSET
   * honoured), then tells the planners what comes next. Always on the service clock itself (`clock`), never a render
   * ahead's: a read a render ahead set off must not move the timer past the instant it renders for.
   */
  function schedule(list: IndexedDrop[]) {
    const at = clock();
    known = { list, since: at.getTime(), next: nextAfter(list, at) };
    arm();
    const next = upcoming();
    for (const planner of planners) planner(next);
  }

  function upcoming(): UpcomingChange | null {
    if (known?.next == null) return null;
    const { list, next } = known;
    return { due: new Date(next), drops: list.filter((d) => dropPhase(d, next - 1) !== dropPhase(d, next)) };
  }

  function arm() {
    if (timer) clearTimeout(timer);
    timer = null;
    if (stopped || known?.next == null) return;
    // The wait is read off the service clock: a clock that does not run with the machine's (a test's) only makes the
    // timer look again; it never fires the change early, since passDueChanges checks the clock itself.
    const wait = Math.min(MAX_WAIT_MS, Math.max(0, known.next - clock().getTime()));
    timer = setTimeout(() => {
      timer = null;
      if (!passDueChanges()) arm();
    }, wait + 5);
    timer.unref();
  }

  /**
   * Passes a phase change that is due on the service clock: every cache of this process drops what it holds (a
   * change to everything, to this process alone), then the phase listeners hear which drops changed. Cheap when none
   * is due; true when one was passed.
   */
  function passDueChanges(): boolean {
    if (known?.next == null || stopped) return false;
    const at = clock();
    if (at.getTime() < known.next) return false;
    const { list, since, next } = known;
    const changed = list.filter((d) => dropPhase(d, since) !== dropPhase(d, at));
    // The next instant is set before anyone hears of this one: a request the listeners make finds nothing due.
    schedule(list);
    passing = true;
    try {
      catalogChanges.receive({ all: true });
    } finally {
      passing = false;
    }
    for (const listener of listeners) listener(changed, at, new Date(next));
    return true;
  }

  catalogChanges.subscribe((change) => {
    if (!("all" in change) || passing) return;
    loaded = null;
    // Read again at once, so the next phase timer is set without waiting for a visitor.
    void all().catch(() => undefined);
  });
  // Read at start, for the same reason: the first phase change must not wait for a visitor to ask about a drop.
  void all().catch(() => undefined);

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
    passDueChanges,
    /** Hears every phase change this process passes, after its caches have dropped what they held. */
    onPhaseChange(listener: PhaseChangeListener): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /**
     * Hears what the next phase change will be each time it is set (after every read of the list and every change
     * passed), and at once what it is now; null when no drop changes again.
     */
    onNextChange(planner: (next: UpcomingChange | null) => void): () => void {
      planners.add(planner);
      if (known) planner(upcoming());
      return () => planners.delete(planner);
    },
    /** Stops the phase timer (the store is stopping). */
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
    },
  };
}

export type DropIndex = ReturnType<typeof createDropIndex>;
