import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, it } from "vitest";
import { projectRoot } from "../paths";

/**
 * The built server, as `npm start` runs it (server/test/global-setup.ts makes sure the build is current), on an empty
 * data directory: moved from the browser suite, since no browser takes part (issue 26).
 */

/** Starts the built server on its own data directory and waits for its "listening" log line. */
function startServer(dataDir: string) {
  const child = spawn(process.execPath, ["build/server/main.js"], {
    cwd: projectRoot,
    env: { ...process.env, NODE_ENV: "production", HOST: "127.0.0.1", PORT: "0", DATA_DIR: dataDir, LOG_LEVEL: "info" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const listening = new Promise<number>((resolve, reject) => {
    child.stdout.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      const match = /"port":(\d+)/.exec(output);
      if (match) resolve(Number(match[1]));
    });
    child.once("exit", (code) => reject(new Error(`server exited with ${code}: ${output}`)));
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
  return { child, listening, exited, output: () => output };
}

it("the server migrates and seeds an empty data directory, shuts down cleanly on SIGTERM and restarts on the same data", { timeout: 120_000 }, async () => {
  const dataDir = mkdtempSync(join(tmpdir(), "store-lifecycle-"));
  try {
    const first = startServer(dataDir);
    const port = await first.listening;
    const products = await (await fetch(`http://127.0.0.1:${port}/api/products`)).json();
    expect(products.length).toBeGreaterThanOrEqual(60);
    first.child.kill("SIGTERM");
    expect(await first.exited).toBe(0);
    expect(first.output()).toContain("database closed");
    expect(first.output()).toContain("catalogue seeded");

    const second = startServer(dataDir);
    const again = await second.listening;
    expect((await fetch(`http://127.0.0.1:${again}/api/health`)).status).toBe(200);
    expect(second.output()).not.toContain("catalogue seeded");
    second.child.kill("SIGTERM");
    expect(await second.exited).toBe(0);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});
