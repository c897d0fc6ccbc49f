import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { createSharedReads } from "./shared-reads";

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

it("the same arguments within the life share one read; later, other arguments, or after clear() read again", async () => {
  const reads = createSharedReads({ ttlMs: 1000 });
  const read = vi.fn(async ({ id }: { id: number }) => ({ id, at: Date.now() }));
  const shared = reads.share(read);
  const [a, b] = await Promise.all([shared({ id: 1 }), shared({ id: 1 })]);
  expect(a).toBe(b);
  expect(read).toHaveBeenCalledTimes(1);
  await shared({ id: 2 });
  expect(read).toHaveBeenCalledTimes(2);
  vi.advanceTimersByTime(1001);
  await shared({ id: 1 });
  expect(read).toHaveBeenCalledTimes(3);
  reads.clear();
  await shared({ id: 1 });
  expect(read).toHaveBeenCalledTimes(4);
});

it("a failed read is not kept, and a life of 0 shares nothing", async () => {
  const reads = createSharedReads({ ttlMs: 1000 });
  let fail = true;
  const shared = reads.share(async () => {
    if (fail) throw new Error("database away");
    return "ok";
  });
  await expect(shared({})).rejects.toThrow("database away");
  fail = false;
  expect(await shared({})).toBe("ok");

  const off = vi.fn(async () => 1);
  const none = createSharedReads({ ttlMs: 0 }).share(off);
  await none({});
  await none({});
  expect(off).toHaveBeenCalledTimes(2);
});

it("two wrapped reads with the same arguments never share answers", async () => {
  const reads = createSharedReads({ ttlMs: 1000 });
  const one = reads.share(async () => "one");
  const two = reads.share(async () => "two");
  expect([await one({}), await two({})]).toEqual(["one", "two"]);
});

it("keeps at most maxEntries reads, dropping the least recently used (decision 0035)", async () => {
  const reads = createSharedReads({ ttlMs: 1000, maxEntries: 2 });
  const read = vi.fn(async ({ id }: { id: number }) => id);
  const shared = reads.share(read);
  await shared({ id: 1 });
  await shared({ id: 2 });
  await shared({ id: 1 }); // a hit: 2 is now the least recently used
  await shared({ id: 3 }); // evicts 2
  expect(read).toHaveBeenCalledTimes(3);
  await shared({ id: 1 });
  await shared({ id: 3 });
  expect(read).toHaveBeenCalledTimes(3);
  await shared({ id: 2 });
  expect(read).toHaveBeenCalledTimes(4);
});
