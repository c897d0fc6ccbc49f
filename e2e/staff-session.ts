import { closeSync, existsSync, openSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { type APIRequestContext, expect, request } from "@playwright/test";
import { generate } from "otplib";
import { E2E_ADMIN } from "./admin-account";

/**
 * The staff sign-in the specs share (issue 29: staff give a second factor). The server takes each 30-second TOTP step
 * once per account, and the workers sign in at about the same time, so: one session for the whole run, kept in
 * E2E_STATE_DIR (playwright.config.ts) and given the factor again before the 10-minute step-up window runs out; and
 * every code any worker types comes from a step no one used before.
 */
const STEP_SECONDS = 30;
/** Well inside the 10 minutes after which refunds and staff changes ask for the factor again (the longest test is 2). */
const REFRESH_AFTER_MS = 7 * 60_000;
const BASE_URL = `http://127.0.0.1:${process.env.E2E_PORT}`;

const stateDir = () => process.env.E2E_STATE_DIR!;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

/** Runs `work` while holding a lock file, so the workers take turns. */
async function locked<T>(work: () => Promise<T>): Promise<T> {
  const lock = join(stateDir(), "staff-session.lock");
  for (;;) {
    try {
      closeSync(openSync(lock, "wx"));
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      // A lock left behind by a worker that died holding it.
      const since = statSync(lock, { throwIfNoEntry: false })?.mtimeMs;
      if (since !== undefined && Date.now() - since > 120_000) rmSync(lock, { force: true });
      await pause(100);
    }
  }
  try {
    return await work();
  } finally {
    rmSync(lock, { force: true });
  }
}

/** A code from a step later than any used for `secret` in this run (waiting for the next step when needed: TOTP's clock). */
async function nextCode(secret: string): Promise<string> {
  const file = join(stateDir(), `totp-${secret}.step`);
  const last = existsSync(file) ? Number(readFileSync(file, "utf8")) : -1;
  let step = Math.floor(Date.now() / 1000 / STEP_SECONDS);
  if (step <= last) {
    step = last + 1;
    await pause(step * STEP_SECONDS * 1000 - Date.now() + 250);
  }
  writeFileSync(file, String(step));
  return generate({ secret, epoch: step * STEP_SECONDS });
}

/** A TOTP code nobody in this run has used (the e2e Owner's app by default). */
export const unusedTotpCode = (secret: string = E2E_ADMIN.totpSecret) => locked(() => nextCode(secret));

type Cookies = Awaited<ReturnType<APIRequestContext["storageState"]>>["cookies"];
interface Shared {
  cookies: Cookies;
  /** When the session last gave its second factor (ms). */
  givenAt: number;
}

async function giveFactor(api: APIRequestContext, purpose: "sign-in" | "step-up") {
  const res = await api.post("/api/admin/security/verify", { data: { code: await nextCode(E2E_ADMIN.totpSecret), purpose } });
  expect(res.status(), `staff second factor: ${await res.text()}`).toBe(200);
}

/** The e2e Owner's session cookies: signed in once per run (password, then a TOTP code), its second factor kept fresh. */
export function staffSession(): Promise<Cookies> {
  return locked(async () => {
    const file = join(stateDir(), "staff-session.json");
    const shared = existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as Shared) : null;
    const api = await request.newContext({ baseURL: BASE_URL, extraHTTPHeaders: { origin: BASE_URL }, storageState: shared ? { cookies: shared.cookies, origins: [] } : undefined });
    try {
      if (shared && Date.now() - shared.givenAt < REFRESH_AFTER_MS) return shared.cookies;
      if (shared) {
        await giveFactor(api, "step-up");
        writeFileSync(file, JSON.stringify({ ...shared, givenAt: Date.now() }));
        return shared.cookies;
      }
      const res = await api.post("/api/auth/login", { data: { username: E2E_ADMIN.username, password: E2E_ADMIN.password } });
      expect(res.status(), "staff sign-in").toBe(200);
      await giveFactor(api, "sign-in");
      const cookies = (await api.storageState()).cookies;
      writeFileSync(file, JSON.stringify({ cookies, givenAt: Date.now() } satisfies Shared));
      return cookies;
    } finally {
      await api.dispose();
    }
  });
}
