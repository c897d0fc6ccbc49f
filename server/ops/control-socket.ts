import { chmodSync, mkdirSync, rmSync } from "node:fs";
import { createConnection, createServer, type Server } from "node:net";
import { join, resolve } from "node:path";
import type { PgliteThread } from "../db/pglite-thread";
import type { Database } from "../db/client";
import type { Logger } from "../logger";
import { ownerRequestSchema, saveOwner, type OwnerRequest } from "../staff/save-owner";
import { snapshotRunningPglite } from "./pglite-snapshot";

/** The running store's socket in its PGlite data directory: only that user can reach it (mode 0600). */
export const controlSocketPath = (dataDir: string) => join(resolve(dataDir), "store.sock");

/** Who answers on the socket: what a tool's refusal names (decision 0036). */
export interface RunningStoreInfo {
  /** Null when it did not answer in time (busy). */
  pid: number | null;
  port: number | null;
  /** A command-line tool that has the directory open (`npm run db:seed:large`), rather than a store. */
  tool: string | null;
}

/**
 * Two processes must never open one PGlite directory, so a backup of a running store is taken by the store itself:
 * `npm run db:backup` asks it over this socket (decision 0024), and `npm run admin:create` hands it the new Owner
 * (decision 0036). One request per connection, a JSON line each way.
 */
export async function startControlSocket({ dataDir, pglite, db, logger, port = () => null }: { dataDir: string; pglite: PgliteThread; db: Database; logger: Logger; port?: () => number | null }): Promise<Server> {
  const path = controlSocketPath(dataDir);
  rmSync(path, { force: true }); // a socket left by a store that was killed
  const server = createServer((socket) => {
    let input = "";
    socket.setEncoding("utf8");
    socket.on("data", (chunk) => {
      input += chunk;
      if (!input.includes("\n") || input.length > 10_000) return;
      const request = parseRequest(input);
      if (request === "ping") {
        socket.end(`${JSON.stringify({ ok: true, pid: process.pid, port: port() })}\n`);
        return;
      }
      if (!request) {
        socket.end(`${JSON.stringify({ ok: false, error: "Unknown request" })}\n`);
        return;
      }
      if ("owner" in request) {
        saveOwner({ db, owner: request.owner }).then(
          (outcome) => {
            logger.info({ username: request.owner.username, outcome }, "owner saved by admin:create");
            socket.end(`${JSON.stringify({ ok: true, outcome })}\n`);
          },
          (err: Error) => socket.end(`${JSON.stringify({ ok: false, error: err.message })}\n`),
        );
        return;
      }
      snapshotRunningPglite(pglite, dataDir, request.file).then(
        () => {
          logger.info({ file: request.file }, "backup written");
          socket.end(`${JSON.stringify({ ok: true })}\n`);
        },
        (err: Error) => {
          logger.error({ err }, "backup failed");
          socket.end(`${JSON.stringify({ ok: false, error: err.message })}\n`);
        },
      );
    });
    socket.on("error", () => {});
  });
  await new Promise<void>((done, fail) => {
    server.once("error", fail);
    server.listen(path, () => done());
  });
  chmodSync(path, 0o600);
  server.on("close", () => rmSync(path, { force: true }));
  return server;
}

function parseRequest(line: string): { file: string } | { owner: OwnerRequest } | "ping" | null {
  try {
    const request = JSON.parse(line.split("\n")[0]!) as { command?: unknown; file?: unknown; owner?: unknown };
    if (request.command === "ping") return "ping";
    if (request.command === "create-owner") {
      const owner = ownerRequestSchema.safeParse(request.owner);
      return owner.success ? { owner: owner.data } : null;
    }
    return request.command === "backup" && typeof request.file === "string" && request.file.startsWith("/") ? { file: request.file } : null;
  } catch {
    return null;
  }
}

/**
 * Asks the store running on `dataDir` to write its dump to `file`; null when no store is running there (no socket,
 * or a socket nobody listens on).
 */
export async function requestDump(dataDir: string, file: string): Promise<true | null> {
  const reply = await ask(dataDir, { command: "backup", file });
  if (reply && !reply.ok) throw new Error(`the running store could not write the backup: ${String(reply.error)}`);
  return reply ? true : null;
}

/** Hands the running store a new Owner; null when no store is running on `dataDir`. */
export async function requestOwner(dataDir: string, owner: OwnerRequest): Promise<"created" | "promoted" | null> {
  const reply = await ask(dataDir, { command: "create-owner", owner });
  if (reply && !reply.ok) throw new Error(`the running store could not save the account: ${String(reply.error)}`);
  return reply ? (reply.outcome as "created" | "promoted") : null;
}

/** Whether a store is running on this PGlite directory (its control socket answers). */
export async function isStoreRunning(dataDir: string): Promise<boolean> {
  return (await runningStore(dataDir)) !== null;
}

/** The store running on this PGlite directory (its pid, and its port once it listens), or null. */
export async function runningStore(dataDir: string): Promise<RunningStoreInfo | null> {
  const reply = await ask(dataDir, { command: "ping" });
  return reply ? { pid: typeof reply.pid === "number" ? reply.pid : null, port: typeof reply.port === "number" ? reply.port : null, tool: typeof reply.tool === "string" ? reply.tool : null } : null;
}

/** How a refusal names who has the directory open. */
export const describeHolder = (holder: RunningStoreInfo) => (holder.pid === null ? "a busy process" : holder.tool ? `${holder.tool} (pid ${holder.pid})` : holder.port ? `a store (pid ${holder.pid}, port ${holder.port})` : `a store (pid ${holder.pid})`);

/** A store refuses to open a PGlite directory that a store or a tool already has open (decision 0036). */
export async function assertDataDirFree(dataDir: string): Promise<void> {
  const holder = await runningStore(dataDir);
  if (holder) throw new Error(`${describeHolder(holder)} has ${resolve(dataDir)} open: start the store when it has finished or stopped`);
}

/**
 * A command-line tool that has the directory open answers on the socket too, so a store started meanwhile (or
 * another tool) refuses instead of opening it a second time; a backup is refused with the tool's name.
 */
export async function holdControlSocket({ dataDir, tool }: { dataDir: string; tool: string }): Promise<Server> {
  const path = controlSocketPath(dataDir);
  mkdirSync(resolve(dataDir), { recursive: true }); // a store never started: the tool is the first to open it
  rmSync(path, { force: true }); // left by a store or tool that was killed: runningStore found nobody listening
  const server = createServer((socket) => {
    socket.setEncoding("utf8");
    socket.once("data", (chunk: string) => {
      const ping = chunk.includes('"ping"');
      socket.end(`${JSON.stringify(ping ? { ok: true, pid: process.pid, port: null, tool } : { ok: false, error: `${tool} (pid ${process.pid}) has the directory open` })}\n`);
    });
    socket.on("error", () => {});
  });
  await new Promise<void>((done, fail) => {
    server.once("error", fail);
    server.listen(path, () => done());
  });
  chmodSync(path, 0o600);
  server.on("close", () => rmSync(path, { force: true }));
  return server;
}

function ask(dataDir: string, request: { command: string; file?: string; owner?: OwnerRequest }): Promise<Record<string, unknown> | null> {
  return new Promise((done, fail) => {
    const socket = createConnection(controlSocketPath(dataDir));
    let answer = "";
    socket.setEncoding("utf8");
    socket.on("connect", () => {
      socket.write(`${JSON.stringify(request)}\n`);
      // Someone listens, but a tool deep in a long write may not answer a ping for a while: it still holds the directory.
      if (request.command === "ping") setTimeout(() => (socket.destroy(), done({ ok: true, pid: null, port: null, tool: "a busy process" })), 3000).unref();
    });
    socket.on("data", (chunk) => (answer += chunk));
    socket.on("end", () => {
      try {
        done(JSON.parse(answer) as Record<string, unknown>);
      } catch {
        fail(new Error(`the running store gave no answer to the ${request.command} request`));
      }
    });
    socket.on("error", (err: NodeJS.ErrnoException) => (err.code === "ENOENT" || err.code === "ECONNREFUSED" ? done(null) : fail(err)));
  });
}
