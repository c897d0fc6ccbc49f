import { execFile } from "node:child_process";
import { chownSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir, userInfo } from "node:os";
import { dirname, join } from "node:path";
import { promisify } from "node:util";
import { freePort } from "./free-port";
import { postgresToolPath } from "../ops/pg-tools";

const run = promisify(execFile);

/** The newest installed PostgreSQL's server binaries (Debian layout), or null when there are none. */
export function postgresBinaries(): string | null {
  const initdb = postgresToolPath("initdb");
  return initdb ? dirname(initdb) : null;
}

export interface ThrowawayPostgres {
  url: string;
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops the server and deletes its folder. */
  destroy(): Promise<void>;
}

/**
 * A PostgreSQL cluster of the test's own (initdb in a temp folder, a free port), for tests that stop and start the
 * server: never the shared one. As root, the server runs as the `postgres` user, which PostgreSQL requires.
 */
export async function startThrowawayPostgres(): Promise<ThrowawayPostgres> {
  const bin = postgresBinaries();
  if (!bin) throw new Error("PostgreSQL's server binaries are not installed");
  const dir = mkdtempSync(join(tmpdir(), "store-pg-"));
  const root = userInfo().uid === 0;
  const asOwner = (tool: string, args: string[]) => (root ? run("runuser", ["-u", "postgres", "--", join(bin, tool), ...args]) : run(join(bin, tool), args));
  if (root) {
    const { stdout } = await run("id", ["-u", "postgres"]);
    const { stdout: gid } = await run("id", ["-g", "postgres"]);
    chownSync(dir, Number(stdout.trim()), Number(gid.trim()));
  }
  const data = join(dir, "data");
  await asOwner("initdb", ["-D", data, "-U", "postgres", "-A", "trust", "--no-sync", "-E", "UTF8"]);
  const port = await freePort();
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off`;
  const start = async () => void (await asOwner("pg_ctl", ["-D", data, "-o", options, "-l", join(dir, "log"), "-w", "-t", "30", "start"]));
  const stop = async () => void (await asOwner("pg_ctl", ["-D", data, "-m", "fast", "-w", "-t", "30", "stop"]));
  await start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start,
    stop,
    async destroy() {
      await stop().catch(() => {});
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
