// s3rver (the local S3-compatible server the tests use) in a Node process of its own, for the benchmarks: under tsx
// its Koa fails to load (tsx resolves the `generator-function` package's module-sync entry to a namespace), and apart
// it does not share the bench's event loop or core.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";

/** Starts s3rver on an ephemeral port with one empty bucket; `remove()` stops it and deletes its folder. */
export async function startS3rver(bucket = "store-media") {
  const directory = mkdtempSync(join(tmpdir(), "bench-s3-"));
  const code = `const S3rver = require("s3rver"); new S3rver({ port: 0, address: "127.0.0.1", silent: true, directory: ${JSON.stringify(directory)}, configureBuckets: [{ name: ${JSON.stringify(bucket)} }] }).run().then(({ port }) => console.log(port));`;
  const child = spawn(process.execPath, ["-e", code], { stdio: ["ignore", "pipe", "inherit"] });
  const port = await new Promise<string>((resolve) => createInterface({ input: child.stdout }).once("line", resolve));
  return {
    bucket,
    endpoint: `http://127.0.0.1:${port}`,
    async remove() {
      child.kill("SIGTERM");
      await new Promise((r) => child.once("exit", r));
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
