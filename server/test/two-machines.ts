import { afterAll, beforeAll } from "vitest";
import { loadConfig } from "../config";
import { type DatabaseHandle, openDatabase } from "../db/client";
import { createLogger } from "../logger";
import { prepareStore } from "../prepare-store";
import { type AppProcess, createDataDir, startAppProcess } from "./app-processes";
import { LOCAL_S3_CREDENTIALS, startLocalS3 } from "./local-s3";
import { startThrowawayPostgres, type ThrowawayPostgres } from "./throwaway-postgres";

export interface Machine {
  store: AppProcess;
  /** This machine's own DATA_DIR (its outbox; no photos: they are in the bucket). */
  dataDir: string;
}

/**
 * Two machines as docs/DEPLOY.md §9 sets them up: one PostgreSQL (a throwaway cluster), one S3-compatible bucket
 * (s3rver), and two store processes with the built pages, each with its own DATA_DIR and no folder in common, started
 * before the file's tests and stopped after them (call inside the describe block). `before` runs on the prepared
 * database before the stores start (what a store should find there when it boots); `env` is added to both stores'
 * (a function: read when they start).
 */
export function twoMachines({ env = {}, before }: { env?: Record<string, string> | (() => Record<string, string>); before?: (db: DatabaseHandle["db"]) => Promise<void> } = {}) {
  let postgres: ThrowawayPostgres;
  let s3: Awaited<ReturnType<typeof startLocalS3>>;
  let database: DatabaseHandle;
  const dirs: Awaited<ReturnType<typeof createDataDir>>[] = [];
  const machines: Machine[] = [];

  beforeAll(async () => {
    [postgres, s3] = await Promise.all([startThrowawayPostgres(), startLocalS3()]);
    // Migrated and seeded once, as the first store to start would, so both start on the same database.
    database = await openDatabase({ url: postgres.url, poolSize: 4 });
    await prepareStore({ database, config: loadConfig({ DATABASE_URL: postgres.url }), logger: createLogger("silent"), reviews: false });
    await before?.(database.db);
    const bucket = {
      MEDIA_STORAGE: "s3",
      S3_BUCKET: s3.bucket,
      S3_REGION: "us-east-1",
      S3_ENDPOINT: s3.endpoint,
      S3_FORCE_PATH_STYLE: "true",
      S3_ACCESS_KEY_ID: LOCAL_S3_CREDENTIALS.accessKeyId,
      S3_SECRET_ACCESS_KEY: LOCAL_S3_CREDENTIALS.secretAccessKey,
    };
    dirs.push(await createDataDir(), await createDataDir());
    const stores = await Promise.all(dirs.map((dir) => startAppProcess({ ...bucket, TEST_PAGES: "true", ...(typeof env === "function" ? env() : env), DATABASE_URL: postgres.url, DATA_DIR: dir.dir })));
    machines.push(...stores.map((store, i) => ({ store, dataDir: dirs[i]!.dir })));
  }, 180_000);

  afterAll(async () => {
    await Promise.all(machines.map((m) => m.store.stop()));
    await database?.close();
    await Promise.all([postgres?.destroy(), s3?.remove(), ...dirs.map((d) => d.remove())]);
  });

  return {
    get a() {
      return machines[0]!;
    },
    get b() {
      return machines[1]!;
    },
    /** The test's own connection to the stores' database. */
    get db() {
      return database.db;
    },
    /** A media bucket on the stores' s3rver, to look at what they wrote. */
    bucket: () => s3.mediaBucket(),
  };
}
