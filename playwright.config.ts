import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { E2E_ADMIN, E2E_STEP_UP_OWNER } from "./e2e/admin-account";

// Chosen once in the main process; workers inherit the environment, so they agree on the port and data dir.
process.env.E2E_PORT ??= String(41_000 + Math.floor(Math.random() * 2_000));
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), "store-e2e-"));
// The workers' shared staff session and the TOTP steps they used (e2e/staff-session.ts).
process.env.E2E_STATE_DIR ??= mkdtempSync(join(tmpdir(), "store-e2e-state-"));
// A second store for e2e/two-step.spec.ts, whose step-up window is 30 seconds instead of 10 minutes (a real step-up
// needs the factor to grow old, and the server's clock is real), with an Owner who has no second factor yet.
process.env.E2E_STEP_UP_PORT ??= String(Number(process.env.E2E_PORT) + 1);
process.env.E2E_STEP_UP_DATA_DIR ??= mkdtempSync(join(tmpdir(), "store-e2e-step-up-"));
const baseURL = `http://127.0.0.1:${process.env.E2E_PORT}`;
const node = JSON.stringify(process.execPath);

const launchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--no-first-run", "--disable-sync"],
};

export default defineConfig({
  testDir: "e2e",
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: 0,
  // The journeys sign in, buy and ship in one test: on the 2-core CI machine, with two browsers and the store on the
  // same cores, the longest take 30-60 s.
  timeout: 60_000,
  // A page's data can take more than the default 5 s there too (a search behind a staff page's axe run).
  expect: { timeout: 10_000 },
  workers: process.env.CI ? 2 : undefined,
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
  use: { baseURL, trace: "retain-on-failure", launchOptions },
  projects: [
    { name: "desktop", use: { ...devices["Desktop Chrome"], launchOptions }, grepInvert: /@phone/ },
    { name: "phone", use: { ...devices["Pixel 7"], launchOptions }, grep: /@phone/ },
  ],
  webServer: [
    {
      // A staff account for the admin journeys, made through the real CLI before the server opens the database, with
      // its authenticator app's secret enrolled (e2e/staff-session.ts types its codes).
      // Both run on the Node that runs Playwright: the pinned Node 24 under npm run test:e2e.
      command: `${node} --import tsx scripts/create-admin.ts --username ${E2E_ADMIN.username} --email ${E2E_ADMIN.email} --totp-secret ${E2E_ADMIN.totpSecret} && ${node} build/server/main.js`,
      url: `${baseURL}/api/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: {
        NODE_ENV: "production",
        HOST: "127.0.0.1",
        PORT: process.env.E2E_PORT,
        DATA_DIR: process.env.E2E_DATA_DIR,
        LOG_LEVEL: "warn",
        ADMIN_PASSWORD: E2E_ADMIN.password,
      },
    },
    {
      command: `${node} --import tsx scripts/create-admin.ts --username ${E2E_STEP_UP_OWNER.username} --email ${E2E_STEP_UP_OWNER.email} && ${node} build/server/main.js`,
      url: `http://127.0.0.1:${process.env.E2E_STEP_UP_PORT}/api/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: {
        NODE_ENV: "production",
        HOST: "127.0.0.1",
        PORT: process.env.E2E_STEP_UP_PORT,
        DATA_DIR: process.env.E2E_STEP_UP_DATA_DIR,
        LOG_LEVEL: "warn",
        ADMIN_PASSWORD: E2E_STEP_UP_OWNER.password,
        STAFF_STEP_UP_SECONDS: "30",
      },
    },
  ],
});
