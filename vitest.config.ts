import { defineConfig } from "vitest/config";

/** Files that fake timers or change globals: each runs in a fresh worker, so nothing it does reaches another file. */
const isolated = ["server/catalog/shared-reads.test.ts", "server/http/response-cache.test.ts"];

// Measured on the 2-core CI machine (decision 0028): one worker per core, and workers reused across files (the
// server's module graph and PGlite's WASM load once per worker, not once per file) took `npm test` from 6 min to
// about 75 s with the database image of server/test/db-image.ts. Vitest's default is one worker fewer than cores.
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    environment: "node",
    testTimeout: 30_000,
    hookTimeout: 60_000,
    globalSetup: ["server/test/global-setup.ts"],
    maxWorkers: 2,
    onConsoleLog: (_log, type) => (type === "stderr" ? false : undefined),
    projects: [
      {
        extends: true,
        test: {
          name: "shared",
          include: ["server/**/*.test.ts", "app/**/*.test.ts", "shared/**/*.test.ts", "scripts/**/*.test.ts"],
          exclude: isolated,
          pool: "forks",
          isolate: false,
        },
      },
      { extends: true, test: { name: "isolated", include: isolated, pool: "forks", isolate: true } },
    ],
  },
});
