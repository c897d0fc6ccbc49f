// A fresh production store for the page benchmarks (Lighthouse, bench:js), or the one at BASE_URL: its own data
// directory and port, stopped and removed afterwards.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** @param {string} name the data directory's prefix; @param {number} firstPort the first of 2,000 ports it picks from */
export async function startStore(name, firstPort) {
  if (process.env.BASE_URL) return { url: process.env.BASE_URL, stop: async () => {} };
  const dataDir = mkdtempSync(join(tmpdir(), `${name}-`));
  const port = firstPort + Math.floor(Math.random() * 2000);
  const child = spawn(process.execPath, ["build/server/main.js"], { env: { ...process.env, NODE_ENV: "production", HOST: "127.0.0.1", PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: "warn" }, stdio: "ignore" });
  const url = `http://127.0.0.1:${port}`;
  // A fresh store migrates and seeds first: up to two minutes on a busy machine.
  for (let i = 0; i < 1200 && !(await fetch(`${url}/api/health`).then((r) => r.ok, () => false)); i++) await new Promise((r) => setTimeout(r, 100));
  return {
    url,
    stop: async () => {
      child.kill("SIGTERM");
      await new Promise((r) => child.once("exit", r));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
