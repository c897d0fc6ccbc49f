import { Worker } from "node:worker_threads";
import { Mutex, type QueryOptions, type Results } from "@electric-sql/pglite";
import { statementName } from "./statement-cache";

export interface EmbeddedTransaction {
  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(text: string): Promise<Results[]>;
  rollback(): Promise<void>;
  readonly closed: boolean;
}

/**
 * The embedded PostgreSQL (PGlite) run in a thread of its own (decision 0042). PGlite executes every statement in
 * WebAssembly on the thread that calls it: on the event loop, a drop's checkouts took a third of the time that serves
 * the pages. Here the store's event loop only sends a statement and takes the rows back.
 *
 * It answers what the store, drizzle and pg-boss ask of a PGlite: `query`, `exec`, `transaction`, `runExclusive`.
 * The thread runs the calls one at a time, in the order they were sent. A transaction from BEGIN to its end, or an
 * exclusive section (a backup's copy), holds the one connection until it is done: one lock on this side keeps every
 * other call from being sent meanwhile. A statement on its own does not hold it while it is answered (decision 0047):
 * it is sent at once, after those sent before it, so the thread never idles while the event loop, busy serving
 * pages, comes round to an answer and sends the next statement.
 */
export class PgliteThread {
  readonly #worker: Worker;
  readonly #lock = new Mutex();
  readonly #pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  #next = 1;
  /**
   * The statements the thread keeps parsed, by name: the store's repeated ones, as a PostgreSQL connection keeps them
   * (decision 0046), within the same bound.
   */
  readonly #named = new Set<string>();
  /** The last call sent, settled: the thread answers in order, so once it is answered, every call before it is too. */
  #last: Promise<unknown> = Promise.resolve();
  #wasm = 0;
  #stopped: Error | null = null;

  private constructor(worker: Worker) {
    this.#worker = worker;
    worker.on("message", ({ id, value, error, wasm }: { id: number; value?: unknown; error?: Record<string, unknown>; wasm?: number }) => {
      if (wasm) this.#wasm = wasm;
      const call = this.#pending.get(id);
      if (!call) return;
      this.#pending.delete(id);
      if (this.#pending.size === 0) worker.unref();
      if (error) call.reject(Object.assign(new Error(String(error.message)), error));
      else call.resolve(value);
    });
    const stop = (error: Error) => {
      this.#stopped ??= error;
      for (const call of this.#pending.values()) call.reject(this.#stopped);
      this.#pending.clear();
    };
    worker.on("error", stop);
    worker.on("exit", (code) => stop(new Error(`The embedded database's thread stopped (exit code ${code})`)));
  }

  /** Starts the thread and opens PGlite in it; `image` is a data-directory dump to start from (tests). */
  static async start({ dataDir, settings, image }: { dataDir: string; settings: string[]; image?: Blob }): Promise<PgliteThread> {
    const workerData = image ? { dataDir, settings, image: { bytes: await image.arrayBuffer(), type: image.type } } : { dataDir, settings };
    // The thread's own V8 heap holds only rows on their way: a young generation of 12 MB (the event loop's is 48)
    // keeps its part of the store's memory small.
    const worker = new Worker(workerFile(), { workerData, transferList: image ? [workerData.image!.bytes] : [], resourceLimits: { maxYoungGenerationSizeMb: 12 } });
    const thread = new PgliteThread(worker);
    await new Promise<void>((resolve, reject) => thread.#pending.set(0, { resolve: () => resolve(), reject }));
    return thread;
  }

  #call<T>(op: string, ...args: unknown[]): Promise<T> {
    return this.#post<T>(op, args).answer;
  }

  /** Sends a call; `sent` is false when it could not be (a stopped thread, a parameter that can't cross threads). */
  #post<T>(op: string, args: unknown[]): { answer: Promise<T>; sent: boolean } {
    if (this.#stopped) return { answer: Promise.reject(this.#stopped), sent: false };
    const id = this.#next++;
    let sent = true;
    const answer = new Promise<T>((resolve, reject) => {
      // The thread keeps the process alive while it has work, not while idle: a script that forgets close() ends.
      if (this.#pending.size === 0) this.#worker.ref();
      this.#pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      try {
        this.#worker.postMessage({ id, op, args });
      } catch (error) {
        // A parameter that can't cross threads (a function, a symbol).
        this.#pending.delete(id);
        sent = false;
        reject(error as Error);
      }
    });
    this.#last = answer.then(ignore, ignore);
    return { answer, sent };
  }

  /**
   * Sends a call on its own at once, or, while a transaction or an exclusive section holds the connection, as soon as
   * it ends (in turn with the others waiting). It does not hold the connection while it is answered.
   */
  async #send<T>(call: () => Promise<T>): Promise<T> {
    if (!this.#lock.isLocked()) return call();
    const { sent } = await this.#lock.runExclusive(() => ({ sent: call() }));
    return sent;
  }

  /** A statement's call: the text, its parameters, how its rows come, the types read as text, its name if it has one. */
  #queryArgs(text: string, params: unknown[] = [], options?: QueryOptions): unknown[] {
    return [text, params, options?.rowMode, textTypes(options), statementName(text, this.#named)];
  }

  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return this.#send(() => this.#call<Results<T>>("query", ...this.#queryArgs(text, params, options)));
  }

  exec(text: string): Promise<Results[]> {
    return this.#send(() => this.#call<Results[]>("exec", text));
  }

  /** Rows of a named prepared statement (server/db/prepared.ts), never inside another caller's transaction. */
  prepared(name: string, text: string, values: (string | null)[]): Promise<unknown[]> {
    return this.#send(() => this.#call<unknown[]>("prepared", name, text, values));
  }

  /**
   * BEGIN, `fn`, then COMMIT, or ROLLBACK when `fn` throws; nothing else runs in between. BEGIN goes with the first
   * statement, in one call (a transaction with none sends nothing).
   */
  transaction<T>(fn: (tx: EmbeddedTransaction) => Promise<T>): Promise<T> {
    return this.#lock.runExclusive(async () => {
      let begun = false;
      let closed = false;
      // The thread runs BEGIN before a call marked so, and the call only if BEGIN succeeded.
      const inTransaction = <T>(op: string, ...args: unknown[]) => {
        const { answer, sent } = this.#post<T>(op, [...args, !begun]);
        begun ||= sent;
        return answer;
      };
      const tx: EmbeddedTransaction = {
        query: (text, params, options) => inTransaction("query", ...this.#queryArgs(text, params, options)),
        exec: (text) => inTransaction("exec", text),
        rollback: async () => {
          if (begun) await this.#call("exec", "ROLLBACK");
          closed = true;
        },
        get closed() {
          return closed;
        },
      };
      try {
        const result = await fn(tx);
        if (!closed && begun) await this.#call("exec", "COMMIT");
        return result;
      } catch (error) {
        // Also when BEGIN itself failed: PostgreSQL only warns of a ROLLBACK outside a transaction.
        if (!closed && begun && !this.#stopped) await this.#call("exec", "ROLLBACK");
        throw error;
      } finally {
        closed = true;
      }
    });
  }

  /** Runs `fn` while no statement runs (a backup's copy of the files): those sent before it are answered first. */
  runExclusive<T>(fn: () => Promise<T>): Promise<T> {
    return this.#lock.runExclusive(async () => {
      await this.#last;
      return fn();
    });
  }

  async dumpDataDir(compression: "none" | "gzip" | "auto" = "auto"): Promise<Blob> {
    const { bytes, type } = await this.#lock.runExclusive(() => this.#call<{ bytes: ArrayBuffer; type: string }>("dump", compression));
    return new Blob([bytes], { type });
  }

  /** PGlite's WebAssembly memory as of its last answer (it only ever grows). */
  wasmMemoryBytes(): number {
    return this.#wasm;
  }

  async close(): Promise<void> {
    await this.closeDatabase();
    await this.#worker.terminate();
  }

  /** Closes the database and keeps the thread, for `reopen` (tests: starting a thread costs more than a database). */
  async closeDatabase(): Promise<void> {
    if (!this.#stopped) await this.#lock.runExclusive(() => this.#call("close"));
  }

  /** Opens a database from a data-directory dump in this thread, once the last one is closed. */
  async reopen(image: Blob): Promise<void> {
    const bytes = await image.arrayBuffer();
    this.#named.clear();
    await this.#lock.runExclusive(() => this.#call<void>("reopen", { bytes, type: image.type }));
  }
}

/** The worker's file: the bundled one beside build/server/main.js, or the source when run from source (tests, dev). */
function workerFile(): URL {
  return import.meta.url.endsWith(".ts") ? new URL("./pglite-worker.ts", import.meta.url) : new URL("./pglite-worker.js", import.meta.url);
}

/**
 * The types the caller reads as text (drizzle's timestamps and dates): a parser can't cross to the thread, so one
 * that is not "the text as sent" is refused rather than silently dropped.
 */
function textTypes(options: QueryOptions | undefined): number[] {
  if (!options?.parsers) return [];
  return Object.entries(options.parsers).map(([type, parser]) => {
    if (parser("2026-01-02 03:04:05", Number(type)) !== "2026-01-02 03:04:05") throw new Error(`Only text parsers cross to the embedded database's thread (type ${type})`);
    return Number(type);
  });
}

const ignore = () => {};
