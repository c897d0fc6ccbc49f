// Copies every photo and resized copy between this machine's MEDIA_DIR and the S3 bucket (issue 53, decision 0053):
//   npm run media:copy -- --to s3      (MEDIA_DIR -> the bucket the S3_* settings name)
//   npm run media:copy -- --to local   (the bucket -> MEDIA_DIR)
// Can be run again: what is already there under the same key and size is skipped. A running store may stay up.
import { copyMedia } from "../server/media/copy-media";
import { MediaUnavailableError } from "../server/media/media-bucket";
import { localBucketFromConfig, s3BucketFromConfig } from "../server/media/media-from-config";
import { parseToolArgs, RefusedError, runTool, toolConfig, UsageError } from "./cli-kit";

const USAGE = "npm run media:copy -- --to s3|local";

await runTool(async () => {
  const { values } = parseToolArgs({ options: { to: { type: "string" } } }, USAGE);
  if (values.to !== "s3" && values.to !== "local") throw new UsageError(`--to must be s3 or local\nUsage: ${USAGE}`);
  const { config } = toolConfig();
  const missing = (["S3_BUCKET", "S3_REGION"] as const).filter((name) => !config[name]);
  if (missing.length) throw new UsageError(`Set ${missing.join(" and ")} (and S3_ENDPOINT, S3_FORCE_PATH_STYLE and the keys as the store uses them) to name the bucket\nUsage: ${USAGE}`);
  const [folder, bucket] = [localBucketFromConfig(config), s3BucketFromConfig(config)];
  const [from, to] = values.to === "s3" ? [folder, bucket] : [bucket, folder];
  try {
    const report = await copyMedia({ from, to });
    const mb = (report.copiedBytes / 1024 / 1024).toFixed(1);
    console.log(`Copied ${report.copied} file(s) (${mb} MB) from ${from.where} to ${to.where}; ${report.skipped} already there.`);
    if (values.to === "s3" && config.MEDIA_STORAGE !== "s3") console.log("Set MEDIA_STORAGE=s3 and restart the store to serve the photos from the bucket; run this again just before, to copy any uploaded meanwhile.");
    if (values.to === "local" && config.MEDIA_STORAGE !== "local") console.log("Set MEDIA_STORAGE=local and restart the store to serve the photos from the folder; run this again just before, to copy any uploaded meanwhile.");
  } catch (err) {
    if (err instanceof MediaUnavailableError) throw new RefusedError(`Copy stopped (run it again to go on): ${err.message}`);
    throw err;
  }
});
