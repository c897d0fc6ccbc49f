// The command-line tools as a user runs them (decision 0036), for scripts/tools-*.test.ts: with the repo's Node and
// tsx as `npm run` does, beside a real store process on a PGlite directory. Exit 0, 1 or 2, one line, never a stack trace.
import { spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect } from "vitest";
import { projectRoot } from "../server/paths";

export const temp = (name: string) => mkdtempSync(join(tmpdir(), `store-tools-${name}-`));
export const SECRET = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP"; // test data only
export const PASSWORD = "correct horse battery staple 7";

/** The environment of a tool or store on `dataDir` with PGlite (no DATABASE_URL from the caller). */
export function envFor(dataDir: string, extra: Record<string, string> = {}) {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, ...extra };
  delete env.DATABASE_URL;
  delete env.npm_lifecycle_event; // a tool names itself by the npm script that runs it
  return env;
}

/** Runs a tool with the repo's Node and tsx, as `npm run` does; resolves when it exits. */
export function runTool(script: string, args: string[], env: NodeJS.ProcessEnv) {
  return startTool(script, args, env).done;
}

export function startTool(script: string, args: string[], env: NodeJS.ProcessEnv) {
  const child = spawn(process.execPath, ["--import", "tsx", script, ...args], { cwd: projectRoot, env, stdio: ["ignore", "pipe", "pipe"] });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  return { child, done: new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => child.once("close", (code) => resolve({ code, stdout, stderr }))) };
}

/** The built server, as `npm start` runs it, on its own data directory and an ephemeral port. */
export function startStore(dataDir: string) {
  const child = spawn(process.execPath, ["build/server/main.js"], { cwd: projectRoot, env: envFor(dataDir, { NODE_ENV: "production", HOST: "127.0.0.1", PORT: "0", LOG_LEVEL: "info" }), stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  const listening = new Promise<number>((resolve, reject) => {
    child.stdout.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      const match = /"port":(\d+)/.exec(output);
      if (match) resolve(Number(match[1]));
    });
    child.once("exit", (code) => reject(new Error(`store exited with ${code}: ${output}`)));
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
  return { child, listening, exited };
}

export const ADMIN = "scripts/create-admin.ts";
export const IMPORT = "scripts/catalog-import.ts";
export const SEED = "server/seed/cli.ts";
export const SEED_LARGE = "scripts/seed-large.ts";
export const MIGRATE = "scripts/db-migrate.ts";

/** One line on stderr (a usage line may follow its reason), and no stack trace anywhere. */
export function expectPlainRefusal(result: { stdout: string; stderr: string }) {
  expect(result.stderr.trim().split("\n").length).toBeLessThanOrEqual(2);
  expect(result.stderr + result.stdout).not.toMatch(/\n\s+at |Error:/);
}
