import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import pg from "pg";
import type { Database } from "../db/client";
import type { Logger } from "../logger";
import type { CatalogChange, CatalogChanges, VariantStock } from "./catalog-changes";

export const CHANGE_CHANNEL = "catalog_changes";
export const APPLICATION_NAME = "store change feed";
/** A payload must stay under PostgreSQL's 8,000 bytes: a longer list of products is sent as "everything". */
const MAX_PRODUCTS = 500;
const MAX_PAYLOAD = 7900;

interface Message {
  from: string;
  all?: true;
  products?: number[];
  stockOnly?: true;
  /** A stock-only change's figures: [product, variant, available, version] (decision 0043). */
  stock?: [number, number, number, number][];
}

/** The figures a message carries, or none when any of them is not four integers. */
function figuresOf(stock: unknown): VariantStock[] | undefined {
  if (!Array.isArray(stock) || !stock.every((f) => Array.isArray(f) && f.length === 4 && f.every(Number.isInteger))) return undefined;
  return (stock as [number, number, number, number][]).map(([product, variant, available, version]) => ({ product, variant, available, version }));
}

/**
 * Several app processes on one PostgreSQL (decision 0022): every change published here is sent to the others with
 * NOTIFY (after its write has committed, through the pool), and theirs arrive on a dedicated LISTEN connection and
 * go to this process's caches. A dropped connection is opened again with backoff; once it listens again the caches
 * are cleared, since notifications sent meanwhile were lost. PGlite is one process and needs none of this.
 */
export function startChangeFeed({ url, db, changes, logger, backoff = { firstMs: 100, maxMs: 5000 } }: { url: string; db: Database; changes: CatalogChanges; logger: Logger; backoff?: { firstMs: number; maxMs: number } }) {
  const self = randomUUID();
  let client: pg.Client | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  let delay = backoff.firstMs;
  let resolveListening!: () => void;
  const listening = new Promise<void>((resolve) => (resolveListening = resolve));

  const stopTelling = changes.subscribe((change, origin) => {
    if (origin !== "here") return;
    const message: Message = "all" in change || change.products.length > MAX_PRODUCTS ? { from: self, all: true } : { from: self, products: change.products, ...(change.stockOnly ? { stockOnly: true as const } : {}) };
    let payload = JSON.stringify(message);
    // A change's figures go along when they fit; without them, the other processes read the stock again.
    if (message.stockOnly && "products" in change && change.stock) {
      const withFigures = JSON.stringify({ ...message, stock: change.stock.map((m) => [m.product, m.variant, m.available, m.version]) });
      if (Buffer.byteLength(withFigures) < MAX_PAYLOAD) payload = withFigures;
    }
    db.execute(sql`select pg_notify(${CHANGE_CHANNEL}, ${payload})`).catch((err) => logger.warn({ err }, "could not tell the other processes of a change"));
  });

  function heard(payload: string | undefined) {
    let message: Message;
    try {
      message = JSON.parse(payload ?? "");
    } catch {
      return;
    }
    if (message.from === self) return;
    const stock = message.stockOnly === true ? figuresOf(message.stock) : undefined;
    const change: CatalogChange | null = message.all ? { all: true } : Array.isArray(message.products) ? { products: message.products.filter(Number.isInteger), ...(message.stockOnly === true ? { stockOnly: true } : {}), ...(stock ? { stock } : {}) } : null;
    if (change) changes.receive(change);
  }

  function dropped(connection: pg.Client, err?: Error) {
    if (connection !== client) return;
    client = null;
    connection.removeAllListeners("notification");
    connection.end().catch(() => {});
    if (closed) return;
    logger.warn({ err, retryInMs: delay }, "change feed connection lost; reconnecting");
    retry = setTimeout(connect, delay);
    retry.unref();
    delay = Math.min(delay * 2, backoff.maxMs);
  }

  async function connect() {
    if (closed) return;
    // Named after its process, so an operator (or a test) can tell the listeners apart in pg_stat_activity.
    const connection = new pg.Client({ connectionString: url, application_name: `${APPLICATION_NAME} ${process.pid}` });
    client = connection;
    connection.on("error", (err) => dropped(connection, err));
    connection.on("end", () => dropped(connection));
    connection.on("notification", (msg) => msg.channel === CHANGE_CHANNEL && heard(msg.payload));
    try {
      await connection.connect();
      await connection.query(`listen ${CHANGE_CHANNEL}`);
    } catch (err) {
      dropped(connection, err as Error);
      return;
    }
    if (connection !== client) return;
    delay = backoff.firstMs;
    // Whatever other processes changed while this one was not listening is unknown: everything cached goes.
    changes.receive({ all: true });
    resolveListening();
  }

  void connect();
  return {
    /** Resolves once the feed first listens (tests wait for it; the store serves meanwhile). */
    listening,
    async close() {
      closed = true;
      clearTimeout(retry);
      stopTelling();
      const connection = client;
      client = null;
      await connection?.end().catch(() => {});
    },
  };
}

export type ChangeFeed = ReturnType<typeof startChangeFeed>;
