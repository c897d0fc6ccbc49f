import { describe, expect, it } from "vitest";
import { createOutageLog, isDatabaseUnavailable } from "./database-unavailable";

describe("isDatabaseUnavailable", () => {
  it("knows a database that is not there, also wrapped by Drizzle, from a query that is wrong", () => {
    expect(isDatabaseUnavailable(Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" }))).toBe(true);
    expect(isDatabaseUnavailable(new Error("Failed query: select 1", { cause: Object.assign(new Error("terminating connection due to administrator command"), { code: "57P01" }) }))).toBe(true);
    expect(isDatabaseUnavailable(new Error("timeout exceeded when trying to connect"))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('relation "nope" does not exist'), { code: "42P01" }))).toBe(false);
    expect(isDatabaseUnavailable("ECONNREFUSED")).toBe(false);
  });
});

describe("createOutageLog", () => {
  it("writes one line every 10 seconds during an outage, saying how many failures it folded in", () => {
    const lines: object[] = [];
    const warn = (fields: object) => lines.push(fields);
    const down = Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" });
    const start = 1e13;
    const logDatabaseUnavailable = createOutageLog();
    for (const at of [0, 1, 500, 9_999, 10_000, 10_001, 25_000]) logDatabaseUnavailable(warn, down, start + at);
    expect(lines).toEqual([
      { err: { message: "connect ECONNREFUSED", code: "ECONNREFUSED" }, alsoFailedSinceLastLine: 0 },
      { err: { message: "connect ECONNREFUSED", code: "ECONNREFUSED" }, alsoFailedSinceLastLine: 3 },
      { err: { message: "connect ECONNREFUSED", code: "ECONNREFUSED" }, alsoFailedSinceLastLine: 1 },
    ]);
  });
});
