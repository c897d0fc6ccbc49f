import { defineConfig } from "vitest/config";

/** Files that fake timers or change globals: each runs in a fresh worker, so nothing it does reaches another file. */
const isolated = ["server/catalog/shared-reads.test.ts", "server/http/response-cache.test.ts"];

/**
 * Files that start whole store processes, tools or PostgreSQL clusters (decision 0052): `npm run test:system`, not
 * `npm test`. CI runs both.
 */
const system = [
  "scripts/tools-*.test.ts",
  "server/ops/{lifecycle,backup,cluster,outage,graceful-stop,ready-stop,two-machines,first-start}.test.ts",
  "server/payments/kill-between-payment-and-webhook.test.ts",
  "server/recovery/two-processes-recovery.test.ts",
  "server/http/two-processes*.test.ts",
  "server/alerts/two-processes-alerts.test.ts",
  "server/cache/change-feed.test.ts",
];

// Measured on the 2-core CI machine (decision 0028): workers reused across files (the server's module graph and
// PGlite's WASM load once per worker, not once per file) and three of them, so that one file's waits (a job's retry
// pause, a child process starting) overlap others' work. Vitest's default is one worker fewer than cores: one here.
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    environment: "node",
    testTimeout: 30_000,
    hookTimeout: 60_000,
    globalSetup: ["server/test/global-setup.ts"],
    maxWorkers: 3,
    onConsoleLog: (_log, type) => (type === "stderr" ? false : undefined),
    projects: [
      {
        extends: true,
        test: {
          name: "shared",
          include: ["server/**/*.test.ts", "app/**/*.test.ts", "shared/**/*.test.ts", "scripts/**/*.test.ts"],
          exclude: [...isolated, ...system],
          pool: "forks",
          isolate: false,
        },
      },
      { extends: true, test: { name: "isolated", include: isolated, pool: "forks", isolate: true } },
      { extends: true, test: { name: "system", include: system, pool: "forks", isolate: false } },
    ],
  },
});
