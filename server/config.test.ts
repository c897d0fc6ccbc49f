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
});
