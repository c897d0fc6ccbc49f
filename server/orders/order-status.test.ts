import { describe, expect, it } from "vitest";
import { assertTransition, canTransition, isPaid } from "./order-status";

describe("order transitions", () => {
  it("follows the happy path", () => {
    expect(canTransition("pending", "paid")).toBe(true);
    expect(canTransition("paid", "processing")).toBe(true);
    expect(canTransition("processing", "shipped")).toBe(true);
    expect(canTransition("shipped", "delivered")).toBe(true);
  });

  it("lets a failed payment be retried, and a late payment land on an expired order", () => {
    expect(canTransition("failed", "paid")).toBe(true);
    expect(canTransition("expired", "paid")).toBe(true);
  });

  it("never un-pays an order or revives a finished one", () => {
    expect(canTransition("paid", "pending")).toBe(false);
    expect(canTransition("paid", "failed")).toBe(false);
    expect(canTransition("paid", "expired")).toBe(false);
    expect(canTransition("delivered", "canceled")).toBe(false);
    expect(canTransition("refunded", "paid")).toBe(false);
    expect(() => assertTransition("shipped", "pending")).toThrow("An order that is shipped cannot become pending");
  });

  it("knows which statuses mean the money was taken", () => {
    expect(["pending", "paid", "failed", "shipped"].map((s) => isPaid(s as never))).toEqual([false, true, false, true]);
  });
});
