import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import express from "express";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AppError } from "../errors";
import { mediaRouter } from "../http/media-router";
import { createLogger } from "../logger";
import { startLocalS3 } from "../test/local-s3";
import { watched } from "../test/watched-bucket";
import { createByteLru } from "./byte-lru";
import { createLocalBucket } from "./local-bucket";
import { IMMUTABLE } from "./media-bucket";
import { createMediaStore, MAX_UPLOAD_BYTES, type MediaStore } from "./media-store";

/** Serves /media from a store on an ephemeral port, as the app mounts it. */
async function serve(media: MediaStore) {
  const app = express().use("/media", mediaRouter({ media, logger: createLogger("silent") }));
  const server = app.listen(0, "127.0.0.1");
  await new Promise((done) => server.once("listening", done));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, close: () => new Promise((done) => server.close(done)) };
}

/** A photo of noise just under the 20 MB limit: 5,600 × 4,100 pixels that JPEG can't squeeze. */
async function largePhoto() {
  const [width, height] = [5600, 4100];
  const file = await sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } }).jpeg({ quality: 92 }).toBuffer();
  expect(file.length).toBeGreaterThan(19 * 1024 * 1024);
  expect(file.length).toBeLessThanOrEqual(MAX_UPLOAD_BYTES);
  return file;
}

const photo = (background: string) => sharp({ create: { width: 1000, height: 700, channels: 3, background } }).jpeg().toBuffer();

const s3 = await startLocalS3();
const folder = mkdtempSync(join(tmpdir(), "store-media-"));
afterAll(async () => {
  await s3.remove();
  rmSync(folder, { recursive: true, force: true });
});

// One suite, both stores: what the rest of the store relies on must hold for the folder and the bucket alike.
describe.each([
  { name: "local folder", make: () => createLocalBucket(folder), down: null },
  { name: "S3 bucket (s3rver)", make: () => s3.mediaBucket(), down: () => s3.stop() },
])("media store on a $name", ({ make, down }) => {
  const { bucket, seen } = watched(make());
  const media = createMediaStore(bucket, { cacheBytes: 64 * 1024 });
  let http: Awaited<ReturnType<typeof serve>>;
  beforeAll(async () => {
    http = await serve(media);
  });
  afterAll(() => http.close());

  it("puts, gets, lists and deletes objects with their headers", async () => {
    const body = Buffer.from("not really a jpeg");
    await bucket.put("originals/test.jpg", body, { contentType: "image/jpeg", cacheControl: "private, no-store" });
    expect(await bucket.exists("originals/test.jpg")).toBe(true);
    expect(await bucket.exists("originals/other.jpg")).toBe(false);
    const got = await bucket.get("originals/test.jpg");
    expect(got?.body.equals(body)).toBe(true);
    expect(got?.contentType).toBe("image/jpeg");
    expect(await bucket.list("originals/")).toContainEqual({ key: "originals/test.jpg", size: body.length });
    await bucket.delete("originals/test.jpg");
    await bucket.delete("originals/test.jpg"); // twice is not an error
    expect(await bucket.exists("originals/test.jpg")).toBe(false);
    expect(await bucket.get("originals/test.jpg")).toBeNull();
    expect(await bucket.list("originals/test")).toEqual([]);
  });

  let key = "";
  it("stores an upload and every derivative, immutable and typed, and serves them at /media", async () => {
    const stored = await media.save(await photo("#c33"));
    key = stored.key;
    expect(stored).toMatchObject({ width: 1000, height: 700, widths: [320, 640, 960, 1000] });
    const files = (await bucket.list(`derived/${key}-`)).map((o) => o.key);
    expect(files).toEqual(stored.widths.flatMap((w) => ["avif", "jpg", "webp"].map((f) => `derived/${key}-${w}.${f}`)).sort());
    for (const [format, type] of [["avif", "image/avif"], ["webp", "image/webp"], ["jpg", "image/jpeg"]]) {
      const object = await bucket.get(`derived/${key}-320.${format}`);
      expect(object).toMatchObject({ contentType: type, cacheControl: IMMUTABLE });
      expect((await sharp(object!.body).metadata()).width).toBe(320);
      const res = await fetch(`${http.url}/media/${key}-320.${format}`);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe(type);
      expect(res.headers.get("cache-control")).toBe(IMMUTABLE);
      expect(Buffer.from(await res.arrayBuffer()).equals(object!.body)).toBe(true);
    }
    expect(await bucket.list(`originals/${key}`)).toHaveLength(1);
  });

  // How long it holds the event loop is measured by npm run bench:upload (scripts/bench-upload.ts), not here: tests
  // stay deterministic on a busy machine.
  it("stores a 20 MB photo with its widths and its original", { timeout: 60_000 }, async () => {
    const stored = await media.save(await largePhoto());
    expect(stored).toMatchObject({ width: 5600, height: 4100, widths: [320, 640, 960, 1440] });
    expect(await bucket.exists(`originals/${stored.key}.jpg`)).toBe(true);
    expect((await bucket.list(`derived/${stored.key}-`)).map((o) => o.key)).toEqual(stored.widths.flatMap((w) => ["avif", "jpg", "webp"].map((f) => `derived/${stored.key}-${w}.${f}`)).sort());
  });

  it("answers 404 for a name that is not a derivative without asking the bucket, and for a missing one after asking", async () => {
    const before = seen.gets;
    for (const path of ["package.json", "..%2F..%2Fpackage.json", `${key}.jpg`, `${key}-320.png`, `${key}-20000.jpg`, "originals%2Fx.jpg"]) {
      expect((await fetch(`${http.url}/media/${path}`)).status, path).toBe(404);
    }
    expect(seen.gets).toBe(before);
    expect((await fetch(`${http.url}/media/${"0".repeat(24)}-320.jpg`)).status).toBe(404);
    expect(seen.gets).toBe(before + 1);
  });

  it("keeps hot derivatives in memory within its byte bound", async () => {
    const files = (await bucket.list(`derived/${key}-`)).map((o) => o.key.slice("derived/".length));
    for (const file of files) await media.read(file);
    expect(media.cache.bytes).toBeGreaterThan(0);
    expect(media.cache.bytes).toBeLessThanOrEqual(64 * 1024);
    const before = seen.gets;
    await media.read(`${key}-320.jpg`); // just read, so still held
    expect(seen.gets).toBe(before);
  });

  let unread = ""; // a derivative never read, so not in memory
  it("refuses an upload the bucket fails midway and writes no original, so the photo is made whole next time", async () => {
    const upload = await photo("#3c3");
    seen.failPutAfter = seen.puts + 4;
    const refused = await media.save(upload).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ code: "unavailable", message: expect.stringMatching(/photo storage is not answering, so the photo was not saved/) });
    seen.failPutAfter = Infinity;
    const again = await media.save(upload);
    unread = `${again.key}-960.avif`;
    expect(await bucket.exists(`originals/${again.key}.jpg`)).toBe(true);
    expect(await bucket.list(`derived/${again.key}-`)).toHaveLength(again.widths.length * 3);
  });

  it.runIf(down)("answers 503 with Retry-After for a photo and refuses an upload while the bucket is down", async () => {
    await down!();
    const cold = await fetch(`${http.url}/media/${unread}`);
    expect(cold.status).toBe(503);
    expect(cold.headers.get("retry-after")).toBe("30");
    expect(cold.headers.get("cache-control")).toBe("no-store");
    await expect(media.save(await photo("#33c"))).rejects.toMatchObject({ code: "unavailable" });
    // What was in memory still shows: a bucket's blip need not blank the hottest photos.
    expect((await fetch(`${http.url}/media/${key}-320.jpg`)).status).toBe(200);
  });
});

describe("the byte-bounded LRU", () => {
  const entry = (bytes: number) => ({ body: Buffer.alloc(bytes) });
  it("drops the least recently used entries past its bound and never keeps an entry over a quarter of it", () => {
    const lru = createByteLru<{ body: Buffer }>(1000);
    for (const k of ["a", "b", "c", "d"]) lru.set(k, entry(250));
    lru.get("a");
    lru.set("e", entry(200));
    expect(lru.bytes).toBe(950);
    expect([lru.get("a"), lru.get("b"), lru.get("e")].map(Boolean)).toEqual([true, false, true]);
    lru.set("big", entry(251));
    expect(lru.get("big")).toBeUndefined();
    expect(lru.bytes).toBeLessThanOrEqual(1000);
  });
});
