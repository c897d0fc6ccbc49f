import { describe, expect, it } from "vitest";
import { judgeCard, passesLuhn } from "./test-cards";

const now = new Date("2026-11-21T12:00:00Z");
const card = (number: string, expiry = "12/30", cvc = "123") => judgeCard({ number, expiry, cvc }, now);

describe("judgeCard", () => {
  it("knows Stripe's test cards", () => {
    expect(card("4242 4242 4242 4242")).toEqual({ kind: "succeeded" });
    expect(card("4000 0000 0000 0002")).toEqual({ kind: "declined", message: "Your card was declined." });
    expect(card("4000002500003155")).toEqual({ kind: "requires_action" });
  });

  it("declines other real-looking cards in test mode", () => {
    expect(card("4111 1111 1111 1111").kind).toBe("declined");
  });

  it("refuses malformed details", () => {
    expect(card("4242 4242 4242 4241")).toEqual({ kind: "invalid", message: "Your card number is invalid." });
    expect(card("4242424242424242", "13/30").kind).toBe("invalid");
    expect(card("4242424242424242", "10/26")).toEqual({ kind: "invalid", message: "Your card's expiration date is in the past." });
    expect(card("4242424242424242", "11/26")).toEqual({ kind: "succeeded" });
    expect(card("4242424242424242", "12/30", "12")).toEqual({ kind: "invalid", message: "Your card's security code is incomplete." });
  });

  it("checks the Luhn digit", () => {
    expect(passesLuhn("4242424242424242")).toBe(true);
    expect(passesLuhn("4242424242424243")).toBe(false);
  });
});
