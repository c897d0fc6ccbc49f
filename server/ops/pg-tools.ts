import { execFile } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);

/**
 * A PostgreSQL client tool (pg_dump, pg_restore): from the newest /usr/lib/postgresql/<major>/bin (Debian keeps every
 * installed major there; pg_dump must be at least the server's major), else the PATH.
 */
export function postgresTool(name: string): string {
  return postgresToolPath(name) ?? name;
}

/** The tool from the newest installed /usr/lib/postgresql/<major>/bin that has it (Debian's layout), or null. */
export function postgresToolPath(name: string): string | null {
  const root = "/usr/lib/postgresql";
  const majors = existsSync(root) ? readdirSync(root).filter((d) => /^\d+$/.test(d)).sort((a, b) => Number(b) - Number(a)) : [];
  for (const major of majors) {
    const path = join(root, major, "bin", name);
    if (existsSync(path)) return path;
  }
  return null;
}

/**
 * The connection as libpq's environment variables, so no password ever appears in a command line (`ps` shows those
 * to every user) or in a log.
 */
export function libpqEnv(url: string): NodeJS.ProcessEnv {
  const u = new URL(url);
  const env: NodeJS.ProcessEnv = {
    PGHOST: decodeURIComponent(u.hostname) || "localhost",
    PGPORT: u.port || "5432",
    PGUSER: decodeURIComponent(u.username) || undefined,
    PGPASSWORD: decodeURIComponent(u.password) || undefined,
    PGDATABASE: decodeURIComponent(u.pathname.slice(1)),
  };
  const sslmode = u.searchParams.get("sslmode");
  if (sslmode) env.PGSSLMODE = sslmode;
  return Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined));
}

/** The text with the password of any connection URL in it masked, for messages. */
export const maskedUrl = (text: string) => text.replace(/(\/\/[^:/@\s]+:)[^@\s]*@/g, "$1***@");

/** Runs a PostgreSQL tool against the database at `url`; a failure says what the tool printed. */
export async function runPostgresTool(name: "pg_dump" | "pg_restore", args: string[], url: string): Promise<void> {
  try {
    await run(postgresTool(name), args, { env: { ...process.env, ...libpqEnv(url) }, maxBuffer: 16 * 1024 * 1024 });
  } catch (err) {
    const stderr = (err as { stderr?: string }).stderr?.trim();
    throw new Error(`${name} failed${stderr ? `: ${stderr.replaceAll(url, maskedUrl(url))}` : ""}`);
  }
}
