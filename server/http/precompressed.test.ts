import { mkdtempSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import compression from "compression";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { acceptQuality, precompressedAssets } from "./precompressed";

const script = "export const answer = 42;\n".repeat(200);
let base = "";
let close: () => void;

beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), "precompressed-"));
  writeFileSync(join(dir, "app-1.js"), script);
  writeFileSync(join(dir, "app-1.js.br"), brotliCompressSync(script));
  writeFileSync(join(dir, "app-1.js.gz"), gzipSync(script));
  writeFileSync(join(dir, "plain-1.js"), script);
  const app = express();
  app.use(compression());
  app.use("/assets", precompressedAssets(dir));
  app.use("/assets", express.static(dir, { immutable: true, maxAge: "1y" }));
  const server = app.listen(0);
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/assets`;
  close = () => server.close();
});
afterAll(() => close());

/** Raw bytes as sent (fetch would decode them). */
async function get(path: string, acceptEncoding: string) {
  const { request } = await import("node:http");
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>((resolve, reject) => {
    request(`${base}${path}`, { headers: { "accept-encoding": acceptEncoding } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    })
      .on("error", reject)
      .end();
  });
}

describe("precompressed assets", () => {
  it("sends the brotli copy to browsers that accept it, with the script's type and a year of immutable caching", async () => {
    const res = await get("/app-1.js", "gzip, deflate, br, zstd");
    expect(res.status).toBe(200);
    expect(res.headers["content-encoding"]).toBe("br");
    expect(res.headers["content-type"]).toBe("text/javascript; charset=utf-8");
    expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(res.headers.vary).toMatch(/Accept-Encoding/);
    expect(brotliDecompressSync(res.body).toString()).toBe(script);
  });

  it("sends the gzip copy when brotli is not accepted, and the plain file when neither is", async () => {
    const gz = await get("/app-1.js", "gzip;q=0.8, br;q=0");
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gz.body).toString()).toBe(script);
    const plain = await get("/app-1.js", "identity");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.toString()).toBe(script);
  });

  it("leaves files without copies and unknown names to the static handler", async () => {
    const res = await get("/plain-1.js", "br");
    expect(res.status).toBe(200);
    expect(res.body.toString().startsWith("export const answer")).toBe(false); // compressed on the fly instead
    expect((await get("/missing.js", "br")).status).toBe(404);
  });

  it("reads q-values", () => {
    expect(acceptQuality("gzip, deflate, br", "br")).toBe(1);
    expect(acceptQuality("gzip;q=1.0, br;q=0", "br")).toBe(0);
    expect(acceptQuality("*;q=0.5", "br")).toBe(0.5);
    expect(acceptQuality(undefined, "gzip")).toBe(0);
  });
});
