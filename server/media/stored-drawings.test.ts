import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import express from "express";
import { afterAll, describe, expect, it, vi } from "vitest";
import { catalogueDrawings, drawingOf } from "../catalog/images/drawings";
import { startDrawingFill } from "../catalog/images/fill-drawings";
import { imagesRouter } from "../http/images-router";
import { createLogger } from "../logger";
import { startLocalS3 } from "../test/local-s3";
import { createTestDatabase } from "../test/test-database";
import { watched } from "../test/watched-bucket";
import { createLocalBucket } from "./local-bucket";
import { IMMUTABLE, MediaUnavailableError } from "./media-bucket";
import { createMediaStore, type MediaStore } from "./media-store";
import { DRAWINGS_PREFIX } from "./stored-drawings";

/** A drawing of the catalogue's, with its renders counted. */
function counted(garment: string, file: string) {
  const drawing = drawingOf(garment, file)!;
  const render = vi.fn(drawing.render);
  return { name: drawing.name, render };
}

/** Serves /images from a store on an ephemeral port, as the app mounts it. */
async function serve(media: MediaStore) {
  const app = express().use("/images", imagesRouter({ media, logger: createLogger("silent") }));
  const server = app.listen(0, "127.0.0.1");
  await new Promise((done) => server.once("listening", done));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, close: () => new Promise((done) => server.close(done)) };
}

const s3 = await startLocalS3();
const folder = mkdtempSync(join(tmpdir(), "store-drawings-"));
afterAll(async () => {
  await s3.remove();
  rmSync(folder, { recursive: true, force: true });
});

describe("drawing names", () => {
  it("name a colour the palette lacks as the default drawing, the same bytes, so made-up colours add no object", () => {
    const plaid = drawingOf("hoodie", "plaid-front.svg")!;
    expect(plaid.name).toBe("v1/hoodie/default-front.svg");
    expect(plaid.render()).toBe(drawingOf("hoodie", "default-front.svg")!.render());
    expect(drawingOf("hoodie", "black-back.svg")!.name).toBe("v1/hoodie/black-back.svg");
    for (const [garment, file] of [["spaceship", "black-front.svg"], ["hoodie", "black-side.svg"], ["hoodie", "black--blue-front.svg"], ["hoodie", `${"x".repeat(41)}-front.svg`]]) {
      expect(drawingOf(garment!, file!), `${garment}/${file}`).toBeNull();
    }
  });
});

describe("drawings on an S3 bucket (s3rver)", () => {
  const { bucket, seen } = watched(s3.mediaBucket());
  const media = createMediaStore(bucket);

  it("draws one asked for once, stores it in the bucket (SVG, immutable), then reads it from memory or the bucket", async () => {
    const hoodie = counted("hoodie", "black-front.svg");
    const answers = await Promise.all([media.drawing(hoodie), media.drawing(hoodie), media.drawing(hoodie)]);
    expect(hoodie.render).toHaveBeenCalledTimes(1);
    expect(seen.puts).toBe(1);
    expect(answers.map((a) => a.from)).toEqual(["drawn", "drawn", "drawn"]);
    const stored = await bucket.get(`${DRAWINGS_PREFIX}v1/hoodie/black-front.svg`);
    expect(stored).toMatchObject({ contentType: "image/svg+xml", cacheControl: IMMUTABLE });
    expect(stored!.body.toString()).toBe(hoodie.render.mock.results[0]!.value);

    const gets = seen.gets;
    expect(await media.drawing(hoodie)).toMatchObject({ from: "memory", fault: null });
    expect(seen.gets).toBe(gets);

    // Another machine (or this one after a restart): read from the bucket, never drawn again.
    const other = createMediaStore(bucket);
    const never = { name: hoodie.name, render: vi.fn(() => "not drawn") };
    const read = await other.drawing(never);
    expect(read.from).toBe("bucket");
    expect(read.object.body.equals(stored!.body)).toBe(true);
    expect(never.render).not.toHaveBeenCalled();
    expect(seen.puts).toBe(1);
  });

  it("serves it at /images with its type, immutable caching and an ETag, from the bucket", async () => {
    const http = await serve(createMediaStore(bucket));
    try {
      const res = await fetch(`${http.url}/images/v1/tshirt/navy-back.svg`);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("image/svg+xml; charset=utf-8");
      expect(res.headers.get("cache-control")).toBe(IMMUTABLE);
      expect(await res.text()).toBe(drawingOf("tshirt", "navy-back.svg")!.render());
      expect(await bucket.exists(`${DRAWINGS_PREFIX}v1/tshirt/navy-back.svg`)).toBe(true);
      expect((await fetch(`${http.url}/images/v1/tshirt/navy-back.svg`, { headers: { "if-none-match": res.headers.get("etag")! } })).status).toBe(304);
      expect((await fetch(`${http.url}/images/v1/spaceship/navy-back.svg`)).status).toBe(404);
    } finally {
      await http.close();
    }
  });

  it("fills the bucket with the drawings it lacks and skips those there", async () => {
    const wanted = [counted("hoodie", "black-front.svg"), counted("cap", "red-front.svg"), counted("cap", "red-back.svg")];
    const puts = seen.puts;
    expect(await media.fillDrawings(wanted)).toEqual({ stored: 2, present: 1 });
    expect(seen.puts).toBe(puts + 2);
    expect(wanted.map((d) => d.render.mock.calls.length)).toEqual([0, 1, 1]);
    expect(await media.fillDrawings(wanted)).toEqual({ stored: 0, present: 3 });
    expect(seen.puts).toBe(puts + 2);
  });

  it("at start, stores every drawing the catalogue's pages show (both views of each garment and colour)", { timeout: 30_000 }, async () => {
    const database = await createTestDatabase();
    try {
      const drawings = await catalogueDrawings(database.db);
      const names = drawings.map((d) => d.name);
      expect(names).toContain("v1/hoodie/black-back.svg");
      // The gift card's colour, "Digital", is not in the palette: the default drawing.
      expect(names).toContain("v1/giftcard/default-front.svg");
      expect(new Set(names).size).toBe(names.length);
      await startDrawingFill({ db: database.db, media, logger: createLogger("silent") }).done;
      const there = new Set((await bucket.list(DRAWINGS_PREFIX)).map((o) => o.key.slice(DRAWINGS_PREFIX.length)));
      expect(names.filter((n) => !there.has(n))).toEqual([]);
    } finally {
      await database.close();
    }
  });

  it("still serves a drawing when the bucket does not answer, drawn and kept in memory, and the fill says so", async () => {
    await s3.stop();
    const down = createMediaStore(s3.mediaBucket(500));
    const scarf = counted("scarf", "olive-front.svg");
    const answer = await down.drawing(scarf);
    expect(answer.from).toBe("drawn");
    expect(answer.fault).toBeInstanceOf(MediaUnavailableError);
    expect(answer.object).toMatchObject({ contentType: "image/svg+xml", cacheControl: IMMUTABLE });
    expect(answer.object.body.toString()).toBe(scarf.render.mock.results[0]!.value);
    expect(await down.drawing(scarf)).toMatchObject({ from: "memory" });
    await expect(down.fillDrawings([scarf])).rejects.toBeInstanceOf(MediaUnavailableError);

    const http = await serve(createMediaStore(s3.mediaBucket(500)));
    try {
      const res = await fetch(`${http.url}/images/v1/scarf/olive-back.svg`);
      expect(res.status).toBe(200);
      expect(await res.text()).toBe(drawingOf("scarf", "olive-back.svg")!.render());
    } finally {
      await http.close();
    }
  });
});

describe("drawings with a local folder (the default)", () => {
  it("are drawn and kept in memory, as before: no file is written and there is nothing to fill", async () => {
    const media = createMediaStore(createLocalBucket(folder));
    const tee = counted("tshirt", "white-front.svg");
    expect(await media.drawing(tee)).toMatchObject({ from: "drawn", fault: null, object: { contentType: "image/svg+xml", cacheControl: IMMUTABLE } });
    expect(await media.drawing(tee)).toMatchObject({ from: "memory" });
    expect(tee.render).toHaveBeenCalledTimes(1);
    expect(media.keepsDrawings).toBe(false);
    expect(await media.fillDrawings([tee])).toEqual({ stored: 0, present: 0 });
    expect(readdirSync(folder)).toEqual([]);
  });
});
