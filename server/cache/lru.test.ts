import { expect, it } from "vitest";
import { createLru } from "./lru";

it("keeps at most maxEntries, dropping the least recently used first (a get counts as a use, a peek does not)", () => {
  const lru = createLru<string, number>({ maxEntries: 3 });
  lru.set("a", 1);
  lru.set("b", 2);
  lru.set("c", 3);
  expect(lru.get("a")).toBe(1); // a is now the most recent: b is the oldest
  expect(lru.peek("b")).toBe(2); // and stays the oldest
  lru.set("d", 4);
  expect(lru.size).toBe(3);
  expect(lru.peek("b")).toBeUndefined();
  expect([lru.peek("a"), lru.peek("c"), lru.peek("d")]).toEqual([1, 3, 4]);
  lru.set("c", 30); // setting again moves c to the back
  lru.set("e", 5);
  lru.set("f", 6);
  expect(lru.peek("a")).toBeUndefined();
  expect(lru.peek("d")).toBeUndefined();
  expect([lru.peek("c"), lru.peek("e"), lru.peek("f")]).toEqual([30, 5, 6]);
});

it("keeps at most maxBytes by sizeOf, evicting as many old entries as a big one needs, and refuses one bigger than the bound", () => {
  const lru = createLru<string, Buffer>({ maxEntries: 100, maxBytes: 10, sizeOf: (b) => b.length });
  lru.set("a", Buffer.alloc(4));
  lru.set("b", Buffer.alloc(4));
  expect(lru.bytes).toBe(8);
  lru.set("c", Buffer.alloc(2));
  expect([lru.size, lru.bytes]).toEqual([3, 10]);
  lru.set("d", Buffer.alloc(7)); // needs 7 of 10: a and b go, c (2) stays
  expect([lru.peek("a"), lru.peek("b")]).toEqual([undefined, undefined]);
  expect([lru.size, lru.bytes]).toEqual([2, 9]);
  expect(lru.set("huge", Buffer.alloc(11))).toBe(false);
  expect(lru.peek("huge")).toBeUndefined();
  expect([lru.size, lru.bytes]).toEqual([2, 9]);
  lru.set("d", Buffer.alloc(1)); // a replaced value's size is counted once
  expect(lru.bytes).toBe(3);
});

it("delete, deleteWhere and clear keep the byte count right", () => {
  const lru = createLru<number, string>({ maxEntries: 10, maxBytes: 100, sizeOf: (s) => s.length });
  for (let i = 0; i < 5; i++) lru.set(i, "x".repeat(i + 1));
  expect(lru.bytes).toBe(15);
  expect(lru.delete(4)).toBe(true);
  expect(lru.delete(4)).toBe(false);
  expect(lru.bytes).toBe(10);
  lru.deleteWhere((value, key) => key % 2 === 0 || value.length === 2);
  expect(lru.size).toBe(1);
  expect([lru.peek(3), lru.bytes]).toEqual(["xxxx", 4]);
  lru.clear();
  expect([lru.size, lru.bytes]).toEqual([0, 0]);
});

it("filling it with a hundred thousand distinct keys never holds more than the bound", () => {
  const lru = createLru<string, string>({ maxEntries: 50, maxBytes: 1000, sizeOf: (s) => s.length });
  let [largest, heaviest] = [0, 0];
  for (let i = 0; i < 100_000; i++) {
    lru.set(`key ${i}`, "v".repeat(i % 40));
    [largest, heaviest] = [Math.max(largest, lru.size), Math.max(heaviest, lru.bytes)];
  }
  expect(largest).toBe(50);
  expect(heaviest).toBeLessThanOrEqual(1000);
  expect(lru.peek("key 99999")).toBe("v".repeat(99_999 % 40));
});

it("refuses a bound of no entries", () => {
  expect(() => createLru({ maxEntries: 0 })).toThrow();
});
