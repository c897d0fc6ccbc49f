import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { LOCAL_S3_CREDENTIALS, startLocalS3 } from "../test/local-s3";
import { copyMedia } from "./copy-media";
import { createLocalBucket } from "./local-bucket";
import { IMMUTABLE, MediaUnavailableError } from "./media-bucket";
import { assertMediaReachable } from "./media-from-config";
import { createMediaStore } from "./media-store";
import { createS3Bucket } from "./s3-bucket";

const s3 = await startLocalS3();
const root = mkdtempSync(join(tmpdir(), "store-media-copy-"));
afterAll(async () => {
  await s3.remove();
  rmSync(root, { recursive: true, force: true });
});

const photo = (background: string) => sharp({ create: { width: 700, height: 500, channels: 3, background } }).jpeg().toBuffer();

describe("copying the photos between a folder and a bucket (npm run media:copy)", () => {
  const folder = createLocalBucket(join(root, "media"));
  const bucket = s3.mediaBucket();

  it("copies every original and derivative to the bucket, typed and immutable, then only what is new or differs", async () => {
    const media = createMediaStore(folder);
    const [first, second] = [await media.save(await photo("#a33")), await media.save(await photo("#3a3"))];
    const files = [...(await folder.list("originals/")), ...(await folder.list("derived/"))];
    expect(files).toHaveLength(2 * (1 + 3 * first.widths.length)); // each: its original, and AVIF, WebP and JPEG at every width
    const copied: string[] = [];
    const report = await copyMedia({ from: folder, to: bucket, onCopied: (key) => copied.push(key) });
    expect(report).toEqual({ copied: files.length, copiedBytes: files.reduce((sum, f) => sum + f.size, 0), skipped: 0 });
    // Derivatives before originals: a copy stopped midway leaves no original without its derivatives.
    expect(copied.findIndex((k) => k.startsWith("originals/"))).toBeGreaterThan(copied.findLastIndex((k) => k.startsWith("derived/")));
    expect(await bucket.list("")).toEqual(files.sort((a, b) => (a.key < b.key ? -1 : 1)));
    const object = await bucket.get(`derived/${first.key}-320.webp`);
    expect([object?.contentType, object?.cacheControl]).toEqual(["image/webp", IMMUTABLE]);

    expect(await copyMedia({ from: folder, to: bucket })).toEqual({ copied: 0, copiedBytes: 0, skipped: files.length });
    // A file cut short in the target (a copy killed mid-write elsewhere) differs in size: copied again.
    await bucket.put(`originals/${second.key}.jpg`, Buffer.from("cut"), { contentType: "image/jpeg", cacheControl: IMMUTABLE });
    expect(await copyMedia({ from: folder, to: bucket })).toMatchObject({ copied: 1, skipped: files.length - 1 });
    expect((await bucket.get(`originals/${second.key}.jpg`))?.body.equals((await folder.get(`originals/${second.key}.jpg`))!.body)).toBe(true);
  });

  it("copies the bucket back to an empty folder, which then serves the same photos", async () => {
    const back = createLocalBucket(join(root, "back"));
    const report = await copyMedia({ from: bucket, to: back });
    expect(report.skipped).toBe(0);
    expect(await back.list("")).toEqual(await bucket.list(""));
    const [original] = await back.list("originals/");
    const key = original!.key.slice("originals/".length, -".jpg".length);
    expect((await createMediaStore(back).read(`${key}-640.jpg`))?.contentType).toBe("image/jpeg");
  });

  it("stops with the bucket's error when it is not there, having written nothing it claims", async () => {
    // The same server, a bucket that does not exist there (a wrong S3_BUCKET): S3 answers 404 NoSuchBucket.
    const wrong = createS3Bucket({ bucket: "no-such-bucket", region: "us-east-1", endpoint: s3.endpoint, forcePathStyle: true, credentials: LOCAL_S3_CREDENTIALS });
    await expect(copyMedia({ from: folder, to: wrong })).rejects.toThrow(/photo storage \(s3:\/\/no-such-bucket\) is not answering/);
    await expect(wrong.put("derived/0123456789abcdef01234567-320.jpg", Buffer.from("x"), { contentType: "image/jpeg", cacheControl: IMMUTABLE })).rejects.toThrow(MediaUnavailableError);
    // And a store started on it stops at once, naming the settings (a HEAD alone can't tell a missing bucket from a missing photo).
    await expect(assertMediaReachable(createMediaStore(wrong))).rejects.toThrow(/^MEDIA_STORAGE=s3: cannot reach s3:\/\/no-such-bucket \(check S3_BUCKET/);
  });
});
