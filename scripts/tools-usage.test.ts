import { rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ADMIN, envFor, expectPlainRefusal, IMPORT, MIGRATE, runTool, SEED, SEED_LARGE, temp } from "./tool-runs";

// Bad usage and refused input: one line and its exit code, never a stack trace (decision 0036).

describe("bad usage (exit 2) and refused input (exit 1), in one line", () => {
  const root = temp("usage");
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const env = (extra: Record<string, string> = {}) => envFor(join(root, "data"), extra);

  it.each([
    ["admin:create without --email", ADMIN, ["--username", "alex"], {}, 2],
    ["admin:create with an unknown option", ADMIN, ["--username", "alex", "--email", "a@example.com", "--owner"], {}, 2],
    ["admin:create with a bad --totp-secret", ADMIN, ["--username", "alex", "--email", "a@example.com", "--totp-secret", "nope"], {}, 2],
    ["admin:create without a password and no terminal", ADMIN, ["--username", "alex", "--email", "a@example.com"], { ADMIN_PASSWORD: "" }, 2],
    ["admin:create with a weak password", ADMIN, ["--username", "alex", "--email", "a@example.com"], { ADMIN_PASSWORD: "short" }, 1],
    ["catalog:import without a file", IMPORT, [], {}, 2],
    ["catalog:import with a missing file", IMPORT, [join(root, "nowhere.csv")], {}, 1],
    ["db:seed with an option it doesn't take", SEED, ["--products", "5"], {}, 2],
    ["db:seed:large with a bad count", SEED_LARGE, ["--products", "lots"], {}, 2],
    ["db:seed:large with a bad --orders", SEED_LARGE, ["--orders", "0"], {}, 2],
    ["db:migrate with an option it doesn't take", MIGRATE, ["--force"], {}, 2],
    ["db:migrate with a bad variable", MIGRATE, [], { PORT: "many" }, 2],
    ["db:backup with a bad --keep", "scripts/db-backup.ts", ["--keep", "none"], {}, 2],
    ["db:restore without a file", "scripts/db-restore.ts", [], {}, 2],
    ["db:restore with a file that is no backup", "scripts/db-restore.ts", [join(root, "nothing.pglite.tar.gz")], {}, 1],
  ] as const)("%s", { timeout: 60_000 }, async (_name, script, args, extra, code) => {
    const result = await runTool(script, [...args], env(extra));
    expect(result.code).toBe(code);
    expect(result.stderr.trim()).not.toBe("");
    expectPlainRefusal(result);
  });
});
