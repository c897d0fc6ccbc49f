import { describe, expect, it } from "vitest";
import { applyTenders } from "./tenders";

describe("applyTenders", () => {
  it("charges the card the whole total without tenders", () => {
    expect(applyTenders(10_800, null)).toEqual({ giftCardCents: 0, giftCardParts: [], storeCreditCents: 0, amountDueCents: 10_800 });
  });

  it("takes store credit off the amount due, never more than the total", () => {
    expect(applyTenders(10_800, { storeCreditCents: 2_500 })).toMatchObject({ storeCreditCents: 2_500, amountDueCents: 8_300 });
    expect(applyTenders(10_800, { storeCreditCents: 50_000 })).toMatchObject({ storeCreditCents: 10_800, amountDueCents: 0 });
  });

  it("applies gift cards before store credit, each up to what is left", () => {
    expect(applyTenders(10_000, { storeCreditCents: 5_000, giftCards: [{ last4: "AAAA", balanceCents: 3_000 }, { last4: "BBBB", balanceCents: 9_000 }] })).toEqual({
      giftCardCents: 10_000,
      giftCardParts: [3_000, 7_000],
      storeCreditCents: 0,
      amountDueCents: 0,
    });
  });

  it("ignores a negative balance", () => {
    expect(applyTenders(1_000, { storeCreditCents: -500 })).toMatchObject({ storeCreditCents: 0, amountDueCents: 1_000 });
  });
});
