import { describe, expect, it } from "vitest";
import { oldestKeptDay } from "./search-misses";

describe("oldestKeptDay", () => {
  it("is the same day 13 calendar months back, or that month's last day", () => {
    expect(oldestKeptDay(new Date("2026-11-25T12:00:00Z"), 13)).toBe("2025-10-25");
    expect(oldestKeptDay(new Date("2027-03-31T23:59:59Z"), 13)).toBe("2026-02-28");
    expect(oldestKeptDay(new Date("2029-03-29T00:00:00Z"), 13)).toBe("2028-02-29");
    expect(oldestKeptDay(new Date("2026-01-15T00:00:00Z"), 13)).toBe("2024-12-15");
  });
});
