// The embedded database's own thread (decision 0042): PGlite, and everything it runs, off the event loop that serves
// the pages. Started by server/db/pglite-thread.ts, which is the only one that speaks to it. Plain, erasable
// TypeScript: tests run this file as it is (Node strips the types); the build bundles it to build/server/.
import { parentPort, workerData } from "node:worker_threads";
import { PGlite, parse, protocol, type QueryOptions } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";

interface Start {
  dataDir: string;
  settings: string[];
  image?: { bytes: ArrayBuffer; type: string };
}

const port = parentPort!;
const start = workerData as Start;

type Locked = { _runExclusiveTransaction<T>(fn: () => Promise<T>): Promise<T>; parsers: Record<number, (text: string, typeId: number) => unknown> };

async function open(image: Start["image"]): Promise<PGlite> {
  const loadDataDir = image ? new Blob([image.bytes], { type: image.type }) : undefined;
  const opened = await PGlite.create(start.dataDir, { startParams: [...PGlite.defaultStartParams, ...start.settings], extensions: { pg_trgm }, ...(loadDataDir ? { loadDataDir } : {}) });
  if (image) fullWalSegments(opened);
  return opened;
}

/**
 * The tests' image holds its WAL segment cut to the pages in use (server/test/slim-image.ts). Given its full 16 MB in
 * one step here, as PostgreSQL makes a segment: grown write by write, the in-memory file system copied it whole at
 * each step (an eighth more each time).
 */
function fullWalSegments(pglite: PGlite): void {
  const { FS } = pglite.Module as unknown as { FS: { readdir(path: string): string[]; stat(path: string): { size: number }; truncate(path: string, size: number): void } };
  const dir = "/pglite/data/pg_wal";
  for (const name of FS.readdir(dir).filter((n) => /^[0-9A-F]{24}$/.test(n))) {
    if (FS.stat(`${dir}/${name}`).size < WAL_SEGMENT) FS.truncate(`${dir}/${name}`, WAL_SEGMENT);
  }
}
const WAL_SEGMENT = 16 * 1024 * 1024;

// A PGlite that can't open throws here, and PgliteThread.start rejects with its error.
let pglite = await open(start.image);
let locked = pglite as unknown as Locked;
let defaultParsers = locked.parsers;
port.postMessage({ id: 0, value: null, wasm: wasmBytes() });

/** Another database from a dump, in this same thread (tests: a thread, once started, serves file after file). */
async function reopen(image: Start["image"]): Promise<void> {
  if (!pglite.closed) await pglite.close();
  parsed.clear();
  statements.clear();
  pglite = await open(image);
  locked = pglite as unknown as Locked;
  defaultParsers = locked.parsers;
}

/**
 * PGlite's parsers with the types the caller asked for as text (drizzle's timestamps and dates), built once per set.
 * They are swapped in for the query rather than passed to it: PGlite copies its whole parser table (hundreds of
 * types) into every query given parsers of its own, which cost more than the query.
 */
const withText = new Map<string, Record<number, (text: string, typeId: number) => unknown>>();
const asText = (text: string) => text;
function parsersFor(textTypes: number[]): Record<number, (text: string, typeId: number) => unknown> {
  const key = textTypes.join(",");
  let parsers = withText.get(key);
  if (!parsers) withText.set(key, (parsers = { ...defaultParsers, ...Object.fromEntries(textTypes.map((type) => [type, asText])) }));
  return parsers;
}

const parsed = new Set<string>();
/**
 * A named prepared statement (server/db/prepared.ts): PGlite has no API for one, so this speaks the wire protocol,
 * Parse once, then Bind, Describe, Execute and Sync, under PGlite's own locks like `query()`.
 */
function runPrepared(name: string, text: string, values: (string | null)[]): Promise<unknown[]> {
  const { serialize } = protocol;
  return locked._runExclusiveTransaction(() =>
    pglite.runExclusive(async () => {
      if (!parsed.has(name)) {
        await pglite.execProtocol(concat([serialize.parse({ name, text }), serialize.sync()]));
        parsed.add(name);
      }
      const bind = serialize.bind({ statement: name, values });
      const { messages } = await pglite.execProtocol(concat([bind, serialize.describe({ type: "P" }), serialize.execute({}), serialize.sync()]));
      return parse.parseResults(messages, defaultParsers as Parsers)[0]?.rows ?? [];
    }),
  );
}

/** The parameters' types of each statement kept parsed, by its name (named by the event loop's side). */
const statements = new Map<string, number[]>();
type Parsers = Parameters<typeof parse.parseResults>[1];

/**
 * A statement the store runs often, under its name (decision 0047): parsed once, with its parameters' types, then
 * only bound and executed, in one call into PostgreSQL, which plans it once when a generic plan costs no more. The
 * parameters are serialised by type as `query()` does. A plan whose rows changed shape (a table altered meanwhile) is
 * closed, and the statement parsed again next time.
 */
function runNamed(name: string, text: string, params: unknown[], parsers: Parsers, rowMode: QueryOptions["rowMode"]) {
  const { serialize } = protocol;
  return locked._runExclusiveTransaction(() =>
    pglite.runExclusive(async () => {
      let types = statements.get(name);
      if (!types) {
        const { messages } = await pglite.execProtocol(concat([serialize.parse({ name, text }), serialize.describe({ type: "S", name }), serialize.sync()]));
        statements.set(name, (types = parse.parseDescribeStatementResults(messages)));
      }
      const values = params.map((param, i) => (param === null || param === undefined ? null : (pglite.serializers[types[i]!] ?? String)(param)));
      try {
        const { messages } = await pglite.execProtocol(concat([serialize.bind({ statement: name, values }), serialize.describe({ type: "P" }), serialize.execute({}), serialize.sync()]));
        return parse.parseResults(messages, parsers, rowMode ? { rowMode } : undefined)[0]!;
      } catch (error) {
        if ((error as { code?: string }).code === "0A000") {
          statements.delete(name);
          await pglite.execProtocol(concat([serialize.close({ type: "S", name }), serialize.sync()]));
        }
        throw error;
      }
    }),
  );
}

async function run(op: string, args: unknown[]): Promise<{ value: unknown; transfer?: ArrayBuffer[] }> {
  switch (op) {
    case "query": {
      const [text, params, rowMode, textTypes, name, begin] = args as [string, unknown[], QueryOptions["rowMode"], number[], string | undefined, boolean];
      if (begin) await pglite.exec("BEGIN");
      const parsers = textTypes.length ? parsersFor(textTypes) : defaultParsers;
      if (name) {
        const { rows, fields, affectedRows } = await runNamed(name, text, params, parsers as Parsers, rowMode);
        return { value: { rows, fields, affectedRows } };
      }
      // Calls run one at a time (below), so the table swapped in is this query's alone.
      locked.parsers = parsers;
      try {
        const { rows, fields, affectedRows } = await pglite.query(text, params, rowMode ? { rowMode } : undefined);
        return { value: { rows, fields, affectedRows } };
      } finally {
        locked.parsers = defaultParsers;
      }
    }
    case "exec":
      if (args[1]) await pglite.exec("BEGIN");
      return { value: (await pglite.exec(args[0] as string)).map(({ rows, fields, affectedRows }) => ({ rows, fields, affectedRows })) };
    case "prepared":
      return { value: await runPrepared(...(args as [string, string, (string | null)[]])) };
    case "dump": {
      const dump = await pglite.dumpDataDir(args[0] as "none" | "gzip" | "auto");
      const bytes = await dump.arrayBuffer();
      return { value: { bytes, type: dump.type }, transfer: [bytes] };
    }
    case "close":
      if (!pglite.closed) await pglite.close();
      return { value: null };
    case "reopen":
      await reopen(args[0] as Start["image"]);
      return { value: null };
    default:
      throw new Error(`Unknown embedded-database call: ${op}`);
  }
}

// One call at a time, in the order sent: statements of one transaction may be sent together. A call's answer that
// can't be sent (a value that can't cross threads) is answered with that error, and the calls after it still run.
let queue: Promise<void> = Promise.resolve();
port.on("message", ({ id, op, args }: { id: number; op: string; args: unknown[] }) => {
  queue = queue.then(async () => {
    try {
      const { value, transfer } = await run(op, args);
      port.postMessage({ id, value, wasm: wasmBytes() }, transfer ?? []);
    } catch (error) {
      port.postMessage({ id, error: described(error), wasm: wasmBytes() });
    }
  });
});

function wasmBytes(): number {
  // None once closed.
  return (pglite.Module as PGlite["Module"] | undefined)?.wasmMemory.buffer.byteLength ?? 0;
}

/** An error as plain fields (a DatabaseError's code, detail, constraint...), since an Error crosses threads bare. */
function described(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { message: String(error) };
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(error)) if (value === null || ["string", "number", "boolean"].includes(typeof value)) fields[key] = value;
  return { ...fields, name: error.name, message: error.message };
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}
