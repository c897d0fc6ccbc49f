import { describe, expect, it } from "vitest";
import { ratePercentSchema, taxReportQuery } from "./tax-admin-schemas";

const parse = (v: unknown) => ratePercentSchema.safeParse(v);
const message = (v: unknown) => parse(v).error?.issues[0]?.message;

describe("ratePercentSchema", () => {
  it("reads percent text or numbers with up to 3 decimals exactly, in thousandths of a percent", () => {
    const cases: [unknown, number][] = [["8.625", 8625], [8.625, 8625], ["8", 8000], [7.25, 7250], ["0.001", 1], [".5", 500], ["0", 0], ["30", 30000], ["5%", 5000], [" 6.35 ", 6350], [4.005, 4005]];
    for (const [input, milli] of cases) expect(parse(input).data, String(input)).toBe(milli);
  });
  it("refuses negative, absurd, too precise and non-numeric rates with a reason", () => {
    expect(message("-1")).toBe("must not be negative");
    expect(message(-0.5)).toBe("must not be negative");
    expect(message("30.001")).toBe("must be at most 30%: is 30.001% a typo?");
    expect(message(86.25)).toBe("must be at most 30%: is 86.25% a typo?");
    expect(message("8.6251")).toBe("must have at most 3 decimals, like 8.625");
    expect(message(1e-7)).toBe("must be a percentage like 8.625");
    expect(message("eight")).toBe("must be a percentage like 8.625");
    expect(parse(null).success).toBe(false);
  });
});

describe("taxReportQuery", () => {
  it("takes months and refuses a range that runs backwards", () => {
    expect(taxReportQuery.safeParse({ from: "2026-01", to: "2026-12" }).success).toBe(true);
    expect(taxReportQuery.safeParse({ from: "2026-13" }).success).toBe(false);
    expect(taxReportQuery.safeParse({ from: "2026-05", to: "2026-04" }).error?.issues[0]?.message).toBe("from must not come after to");
  });
});
