import { describe, expect, it } from "vitest";
import { loadConfig } from "./config";

describe("loadConfig", () => {
  it("defaults to PGlite in ./data on port 3000", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ PORT: 3000, DATA_DIR: "./data", SEED_ON_START: true });
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it("reads PostgreSQL and flags", () => {
    const config = loadConfig({ DATABASE_URL: "postgres://u@db:5432/store", SEED_ON_START: "false", PORT: "8080" });
    expect(config).toMatchObject({ DATABASE_URL: "postgres://u@db:5432/store", SEED_ON_START: false, PORT: 8080 });
  });

  it("stops with a message naming the bad variable", () => {
    expect(() => loadConfig({ PORT: "http" })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: "mysql://x" })).toThrow(/DATABASE_URL/);
  });

  it("reads STORE_CLOCK_OFFSET as milliseconds ahead, 0 when unset", () => {
    expect(loadConfig({}).STORE_CLOCK_OFFSET).toBe(0);
    expect(loadConfig({ STORE_CLOCK_OFFSET: "1h" }).STORE_CLOCK_OFFSET).toBe(3_600_000);
    expect(loadConfig({ STORE_CLOCK_OFFSET: "24h" }).STORE_CLOCK_OFFSET).toBe(86_400_000);
    expect(loadConfig({ STORE_CLOCK_OFFSET: "90m" }).STORE_CLOCK_OFFSET).toBe(5_400_000);
    expect(loadConfig({ STORE_CLOCK_OFFSET: "1d2h30m15s" }).STORE_CLOCK_OFFSET).toBe(95_415_000);
  });

  it("refuses a STORE_CLOCK_OFFSET that is not a duration ahead", () => {
    for (const bad of ["-1h", "1 hour", "1.5h", "h", "1w", "400d", "1h-"]) expect(() => loadConfig({ STORE_CLOCK_OFFSET: bad }), bad).toThrow(/STORE_CLOCK_OFFSET/);
  });
});
