import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DAY_MS, dateTimeLong, hypeLabel, shipDateLong, shipDateShort, timeLeft, urgencyMessage } from "./countdown";

const now = new Date("2026-11-21T12:00:00Z");

describe("timeLeft", () => {
  it("splits the time to the close into days, hours, minutes and seconds", () => {
    const closes = new Date(now.getTime() + 2 * DAY_MS + 3 * 3_600_000 + 4 * 60_000 + 5_000);
    expect(timeLeft(closes, now)).toMatchObject({ ended: false, days: 2, hours: 3, minutes: 4, seconds: 5 });
  });

  it("ends at the close time and never goes negative", () => {
    expect(timeLeft(now, now)).toMatchObject({ ended: true, days: 0, hours: 0, minutes: 0, seconds: 0 });
    expect(timeLeft(new Date(now.getTime() - 5000), now).ended).toBe(true);
  });
});

describe("urgencyMessage", () => {
  it.each([
    [0.5, "FINAL HOURS - Don't miss out!"],
    [1, "FINAL HOURS - Don't miss out!"],
    [1.01, "Only days left to secure your VSOP collection!"],
    [3, "Only days left to secure your VSOP collection!"],
    [6.9, "Limited time remaining for exclusive pre-order!"],
    [7, "Limited time remaining for exclusive pre-order!"],
    [7.5, "Early bird pricing - Reserve your collection now!"],
    [30, "Early bird pricing - Reserve your collection now!"],
  ])("%d days left → %s", (days, message) => expect(urgencyMessage(days, "VSOP collection")).toBe(message));
});

describe("hypeLabel", () => {
  it.each([
    [100, "INSANE HYPE!"],
    [95, "INSANE HYPE!"],
    [94, "MASSIVE DEMAND!"],
    [85, "MASSIVE DEMAND!"],
    [70, "HIGH ENERGY!"],
    [69, "BUILDING UP!"],
    [50, "BUILDING UP!"],
    [30, "STEADY BUZZ!"],
    [29, "EARLY BIRD!"],
    [0, "EARLY BIRD!"],
  ])("%d%% → %s", (percent, label) => expect(hypeLabel(percent)).toBe(label));
});

describe("ship dates", () => {
  it("formats in UTC", () => {
    expect(shipDateShort(new Date("2026-10-15T00:00:00Z"))).toBe("OCT 15");
    expect(shipDateLong(new Date("2026-10-15T00:00:00Z"))).toBe("October 15, 2026");
    expect(shipDateShort(new Date("2026-12-31T23:59:59Z"))).toBe("DEC 31");
  });

  it("writes what Intl.DateTimeFormat writes (en-US, UTC)", () => {
    const short = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", timeZone: "UTC" });
    const long = new Intl.DateTimeFormat("en-US", { month: "long", day: "numeric", year: "numeric", timeZone: "UTC" });
    const dates = fc.date({ min: new Date("0001-01-01T00:00:00Z"), max: new Date("9999-12-31T23:59:59Z"), noInvalidDate: true });
    fc.assert(
      fc.property(dates, (date) => shipDateShort(date) === short.format(date).toUpperCase() && shipDateLong(date) === long.format(date)),
      { numRuns: 5_000 },
    );
  });
});

describe("dateTimeLong", () => {
  it.each([
    ["2026-12-01T09:05:00Z", "December 1, 2026 at 9:05 AM UTC"],
    ["2026-12-01T00:00:00Z", "December 1, 2026 at 12:00 AM UTC"],
    ["2026-12-01T12:30:00Z", "December 1, 2026 at 12:30 PM UTC"],
    ["2026-12-31T23:59:59Z", "December 31, 2026 at 11:59 PM UTC"],
  ])("%s → %s", (iso, text) => expect(dateTimeLong(new Date(iso))).toBe(text));
});
