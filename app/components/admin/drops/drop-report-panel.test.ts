import { describe, expect, it } from "vitest";
import { whenInMinutes } from "./drop-report-panel";

describe("a drop report's sell-out time", () => {
  it("counts from the open, in words, before it as well as after", () => {
    expect(whenInMinutes(42)).toBe("42 minutes after the open");
    expect(whenInMinutes(1)).toBe("1 minute after the open");
    expect(whenInMinutes(0)).toBe("within a minute of the open");
    expect(whenInMinutes(-5)).toBe("5 minutes before the open, in early access");
  });
});
