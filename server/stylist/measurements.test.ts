import { describe, expect, it } from "vitest";
import { parseLength, parseWeight } from "./measurements";
import { adviseSize } from "./size-advice";

describe("parseLength", () => {
  it.each([
    [`5'10"`, "height", 70],
    [`5' 10"`, "height", 70],
    ["5'10", "height", 70],
    ["5 ft 10 in", "height", 70],
    ["6ft", "height", 72],
    ["5’11”", "height", 71],
    ["178 cm", "height", 70.1],
    ["178cm", "height", 70.1],
    ["1.78 m", "height", 70.1],
    ["1,78 m", "height", 70.1],
    ["70 in", "height", 70],
    ["70\"", "height", 70],
    ["70", "height", 70],
    ["178", "height", 70.1],
    ["38 in", "chest", 38],
    ["38in", "chest", 38],
    ["38", "chest", 38],
    ["96 cm", "chest", 37.8],
    ["96", "chest", 37.8],
    ["32", "waist", 32],
    ["81 cm", "waist", 31.9],
    ["34.5 inches", "waist", 34.5],
  ] as const)("%s (%s) → %d in", (text, kind, inches) => {
    expect(parseLength(text, kind)).toBe(inches);
  });

  it.each([
    ["tall", "height"],
    ["5'10 and a bit", "height"],
    ["400 cm", "height"],
    ["9", "chest"],
    ["-38", "chest"],
    ["38 miles", "chest"],
  ] as const)("refuses %s (%s)", (text, kind) => {
    expect(parseLength(text, kind)).toBeNull();
  });

  it("tells missing from unreadable", () => {
    expect(parseLength(undefined, "chest")).toBeUndefined();
    expect(parseLength("   ", "chest")).toBeUndefined();
  });
});

describe("parseWeight", () => {
  it.each([
    ["160 lbs", 160],
    ["160lb", 160],
    ["160 pounds", 160],
    ["72 kg", 159],
    ["72kg", 159],
    ["72", 159],
    ["160", 160],
    ["11 st 6", 160],
    ["11st", 154],
  ])("%s → %d lb", (text, pounds) => {
    expect(parseWeight(text)).toBe(pounds);
  });

  it.each(["heavy", "5", "2000 lbs", "kg"])("refuses %s", (text) => {
    expect(parseWeight(text)).toBeNull();
  });
});

describe("adviseSize", () => {
  const advise = (m: Partial<Record<"height" | "weight" | "chest" | "waist", string>>, preferredFit: "tight" | "regular" | "loose" | "oversized" = "regular") =>
    adviseSize({ ...m, preferredFit });

  it("gives M for the spec's example, and the metric chest agrees", () => {
    const imperial = advise({ height: `5'10"`, weight: "160 lbs", chest: "38 in", waist: "32" });
    expect(imperial.recommendedSize).toBe("M");
    expect(imperial.tips.length).toBeGreaterThan(0);
    expect(imperial.confidence).toBeGreaterThanOrEqual(0.85);
    expect(advise({ height: "178 cm", weight: "72 kg", chest: "96 cm", waist: "81 cm" }).recommendedSize).toBe("M");
  });

  it.each([
    [{ chest: "33", waist: "27" }, "regular", "XS"],
    [{ chest: "36", waist: "30" }, "regular", "S"],
    [{ chest: "42", waist: "36" }, "regular", "L"],
    [{ chest: "45", waist: "39" }, "regular", "XL"],
    [{ chest: "48", waist: "42" }, "regular", "2XL"],
    [{ chest: "52", waist: "46" }, "regular", "3XL"],
    [{ chest: "38", waist: "36" }, "regular", "L"],
    [{ chest: "38", waist: "32" }, "tight", "S"],
    [{ chest: "38", waist: "32" }, "loose", "L"],
    [{ chest: "38", waist: "32" }, "oversized", "XL"],
    [{ chest: "33" }, "tight", "XS"],
    [{ chest: "52" }, "oversized", "3XL"],
  ] as const)("%j with a %s fit → %s", (m, fit, size) => {
    expect(advise(m, fit).recommendedSize).toBe(size);
  });

  it("falls back to weight, then to M, with less confidence and a tip", () => {
    const byWeight = advise({ weight: "190 lbs" });
    expect(byWeight).toMatchObject({ recommendedSize: "L", confidence: 0.5 });
    const nothing = advise({});
    expect(nothing.recommendedSize).toBe("M");
    expect(nothing.confidence).toBeLessThan(0.3);
    expect(nothing.tips.join(" ")).toContain("We need your chest or waist");
  });

  it("names unreadable values instead of failing", () => {
    const result = advise({ height: "tall", chest: "38 in", waist: "banana" });
    expect(result.recommendedSize).toBe("M");
    expect(result.tips.join(" ")).toContain(`We couldn't read your height ("tall")`);
    expect(result.tips.join(" ")).toContain(`We couldn't read your waist ("banana")`);
  });

  it("adds length advice for tall and short shoppers", () => {
    expect(advise({ height: "6'4\"", chest: "40" }).tips.join(" ")).toContain("You're tall");
    expect(advise({ height: "160 cm", chest: "34" }).tips.join(" ")).toContain("shorter side");
  });
});
