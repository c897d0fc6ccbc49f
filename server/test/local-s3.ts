import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import S3rver from "s3rver";
import { createS3Bucket } from "../media/s3-bucket";

/** s3rver's own keys: any S3 client signs with them. */
export const LOCAL_S3_CREDENTIALS = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };

/**
 * A local S3-compatible server for tests (s3rver, path-style) on an ephemeral port, its objects in a temporary folder,
 * with one empty bucket. `stop()` closes it (the bucket "goes down"); `remove()` also deletes its folder.
 */
export async function startLocalS3(bucket = "store-media") {
  const directory = mkdtempSync(join(tmpdir(), "store-s3-"));
  const server = new S3rver({ port: 0, address: "127.0.0.1", silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  let running = true;
  const stop = async () => {
    if (running) await server.close();
    running = false;
  };
  return {
    endpoint,
    bucket,
    /** A media bucket on this server, as MEDIA_STORAGE=s3 makes one. */
    mediaBucket: (timeoutMs = 2000) => createS3Bucket({ bucket, region: "us-east-1", endpoint, forcePathStyle: true, credentials: LOCAL_S3_CREDENTIALS, timeoutMs }),
    stop,
    async remove() {
      await stop();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
