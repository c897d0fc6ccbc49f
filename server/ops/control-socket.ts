import { chmodSync, rmSync } from "node:fs";
import { createConnection, createServer, type Server } from "node:net";
import { join, resolve } from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import type { Logger } from "../logger";
import { snapshotRunningPglite } from "./pglite-snapshot";

/** The running store's socket in its PGlite data directory: only that user can reach it (mode 0600). */
export const controlSocketPath = (dataDir: string) => join(resolve(dataDir), "store.sock");

/**
 * Two processes must never open one PGlite directory, so a backup of a running store is taken by the store itself:
 * `npm run db:backup` asks it over this socket (decision 0024). One request per connection, a JSON line each way.
 */
export async function startControlSocket({ dataDir, pglite, logger }: { dataDir: string; pglite: PGlite; logger: Logger }): Promise<Server> {
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
        socket.end(`${JSON.stringify({ ok: true })}\n`);
        return;
      }
      if (!request) {
        socket.end(`${JSON.stringify({ ok: false, error: "Unknown request" })}\n`);
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

function parseRequest(line: string): { file: string } | "ping" | null {
  try {
    const request = JSON.parse(line.split("\n")[0]!) as { command?: unknown; file?: unknown };
    if (request.command === "ping") return "ping";
    return request.command === "backup" && typeof request.file === "string" && request.file.startsWith("/") ? { file: request.file } : null;
  } catch {
    return null;
  }
}

/**
 * Asks the store running on `dataDir` to write its dump to `file`; null when no store is running there (no socket,
 * or a socket nobody listens on).
 */
export function requestDump(dataDir: string, file: string): Promise<true | null> {
  return ask(dataDir, { command: "backup", file });
}

/** Whether a store is running on this PGlite directory (its control socket answers). */
export async function isStoreRunning(dataDir: string): Promise<boolean> {
  return (await ask(dataDir, { command: "ping" })) !== null;
}

function ask(dataDir: string, request: { command: string; file?: string }): Promise<true | null> {
  return new Promise((done, fail) => {
    const socket = createConnection(controlSocketPath(dataDir));
    let answer = "";
    socket.setEncoding("utf8");
    socket.on("connect", () => socket.write(`${JSON.stringify(request)}\n`));
    socket.on("data", (chunk) => (answer += chunk));
    socket.on("end", () => {
      try {
        const reply = JSON.parse(answer) as { ok: boolean; error?: string };
        if (reply.ok) done(true);
        else fail(new Error(`the running store could not write the backup: ${reply.error}`));
      } catch {
        fail(new Error("the running store gave no answer to the backup request"));
      }
    });
    socket.on("error", (err: NodeJS.ErrnoException) => (err.code === "ENOENT" || err.code === "ECONNREFUSED" ? done(null) : fail(err)));
  });
}
