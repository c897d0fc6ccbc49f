import { rmSync } from "node:fs";
import { join } from "node:path";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { createMediaStore } from "../server/media/media-store";
import { freePort } from "../server/test/free-port";
import { LOCAL_S3_CREDENTIALS, startLocalS3 } from "../server/test/local-s3";
import { envFor, expectPlainRefusal, runTool, temp } from "./tool-runs";

const COPY = "scripts/media-copy.ts";

// npm run media:copy (issue 53, part 2): the tool's exits and lines (decision 0036); what it copies is
// server/media/copy-media.test.ts's.
describe.concurrent("npm run media:copy", () => {
  const root = temp("media-copy");
  const s3Promise = startLocalS3();
  afterAll(async () => {
    await (await s3Promise).remove();
    rmSync(root, { recursive: true, force: true });
  });
  const bucketEnv = async (extra: Record<string, string> = {}) => {
    const s3 = await s3Promise;
    const { accessKeyId, secretAccessKey } = LOCAL_S3_CREDENTIALS;
    return { S3_BUCKET: s3.bucket, S3_REGION: "us-east-1", S3_ENDPOINT: s3.endpoint, S3_FORCE_PATH_STYLE: "true", S3_ACCESS_KEY_ID: accessKeyId, S3_SECRET_ACCESS_KEY: secretAccessKey, ...extra };
  };

  it("copies a store's photos to the bucket and back, and a second run copies nothing", { timeout: 60_000 }, async () => {
    const saved = await createMediaStore(join(root, "data", "media")).save(await sharp({ create: { width: 400, height: 300, channels: 3, background: "#246" } }).jpeg().toBuffer());
    const files = 1 + 3 * saved.widths.length;
    const up = await runTool(COPY, ["--to", "s3"], envFor(join(root, "data"), await bucketEnv()));
    expect(up.code, up.stderr).toBe(0);
    expect(up.stdout).toMatch(new RegExp(`^Copied ${files} file\\(s\\) \\(0\\.\\d MB\\) from .+ to s3://store-media; 0 already there\\.\\nSet MEDIA_STORAGE=s3 and restart`));
    const again = await runTool(COPY, ["--to", "s3"], envFor(join(root, "data"), await bucketEnv()));
    expect(again.stdout).toMatch(new RegExp(`^Copied 0 file\\(s\\) \\(0\\.0 MB\\) .+; ${files} already there\\.`));

    const down = await runTool(COPY, ["--to", "local"], envFor(join(root, "other"), await bucketEnv({ MEDIA_STORAGE: "s3" })));
    expect(down.code, down.stderr).toBe(0);
    expect(down.stdout).toMatch(new RegExp(`^Copied ${files} file\\(s\\) .+ from s3://store-media to .+other/media; 0 already there\\.\\nSet MEDIA_STORAGE=local`));
  });

  it("db:backup and db:restore say the photos are the bucket's, kept by its versioning", { timeout: 60_000 }, async () => {
    const dataDir = join(root, "backed-up");
    const env = await bucketEnv({ MEDIA_STORAGE: "s3", SEED_ON_START: "false" });
    expect((await runTool("scripts/db-migrate.ts", [], envFor(dataDir, env))).code).toBe(0);
    const backup = await runTool("scripts/db-backup.ts", [], envFor(dataDir, env));
    expect(backup.code, backup.stderr).toBe(0);
    expect(backup.stdout).toContain("Photos: not in this backup. They are in s3://store-media; keep them with the bucket's versioning");
    const file = /^(\S+\.pglite\.tar\.gz) /m.exec(backup.stdout)![1]!;
    const restore = await runTool("scripts/db-restore.ts", [file], envFor(join(root, "restored"), env));
    expect(restore.code, restore.stderr).toBe(0);
    expect(restore.stdout).toContain("Photos: The store reads them from s3://store-media, which this restore leaves as it is; to go back in time there, restore older versions with the bucket's versioning.");
  });

  it.each([
    ["without --to", [], {}, 2],
    ["with --to somewhere else", ["--to", "gcs"], {}, 2],
    ["without S3_BUCKET", ["--to", "s3"], { S3_BUCKET: "" }, 2],
    ["with a bucket that doesn't answer", ["--to", "local"], { S3_ENDPOINT: "closed" }, 1],
  ] as const)("%s: one line, and its exit code", { timeout: 60_000 }, async (_name, args, extra, code) => {
    const env: Record<string, string> = await bucketEnv();
    for (const [name, value] of Object.entries(extra)) {
      if (value === "") delete env[name];
      else env[name] = value === "closed" ? `http://127.0.0.1:${await freePort()}` : value;
    }
    const result = await runTool(COPY, [...args], envFor(join(root, "usage"), env));
    expect(result.code).toBe(code);
    expect(result.stderr.trim()).not.toBe("");
    expectPlainRefusal(result);
  });
});
