import { EventEmitter } from "node:events";
import type { Request, Response } from "express";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Viewer } from "../../shared/viewer";
import type { User } from "../accounts/user-types";
import { createViewerMemo } from "./viewer";

const TTL_MS = 2000;
const requestBy = (method: string) => {
  const headers: Record<string, string> = { cookie: "cart=c1" };
  return { method, headers, get: (name: string) => headers[name.toLowerCase()] } as unknown as Request;
};
const visitor = requestBy("GET");
const viewerNamed = (name: string) => ({ user: { name } }) as unknown as Viewer<User>;

/** Reads that answer when the test says, in order, counted. */
function reads() {
  const waiting: ((viewer: Viewer<User>) => void)[] = [];
  const load = vi.fn(() => new Promise<Viewer<User>>((resolve) => waiting.push(resolve)));
  return { load, answer: (name: string) => waiting.shift()!(viewerNamed(name)) };
}
const nameOf = async (viewer: Promise<Viewer<User>>) => ((await viewer).user as unknown as { name: string }).name;

/** A write by the visitor, begun and answered, as forgetOnWrites sees it. */
function write(memo: ReturnType<typeof createViewerMemo>) {
  const res = new EventEmitter() as unknown as Response;
  memo.forgetOnWrites()(requestBy("POST"), res, () => {});
  (res as unknown as EventEmitter).emit("finish");
}

describe("the viewer memo (decision 0044)", () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ["Date"] }));
  afterEach(() => vi.useRealTimers());

  it("serves a viewer past its life, up to twice it, while it is read anew in the background", async () => {
    const memo = createViewerMemo({ ttlMs: TTL_MS });
    const { load, answer } = reads();
    const first = memo.viewer(visitor, load);
    answer("Ada");
    expect(await nameOf(first)).toBe("Ada");
    vi.setSystemTime(Date.now() + TTL_MS + 100);
    // Answered at once with the viewer read before, though the new read has not answered.
    expect(await nameOf(memo.viewer(visitor, load))).toBe("Ada");
    expect(await nameOf(memo.viewer(visitor, load))).toBe("Ada");
    expect(load).toHaveBeenCalledTimes(2);
    answer("Ada Lovelace");
    await Promise.resolve();
    expect(await nameOf(memo.viewer(visitor, load))).toBe("Ada Lovelace");
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("reads it now past twice its life, or after the visitor's own write, and keeps no read a write overtook", async () => {
    const memo = createViewerMemo({ ttlMs: TTL_MS });
    const { load, answer } = reads();
    const first = memo.viewer(visitor, load);
    answer("Ada");
    await first;
    vi.setSystemTime(Date.now() + 2 * TTL_MS + 100);
    const now = memo.viewer(visitor, load);
    answer("Grace");
    expect(await nameOf(now)).toBe("Grace");

    vi.setSystemTime(Date.now() + TTL_MS + 100);
    expect(await nameOf(memo.viewer(visitor, load))).toBe("Grace"); // a renewal begins
    write(memo);
    answer("Grace, before her write"); // the renewal that began before the write answers after it
    await Promise.resolve();
    const after = memo.viewer(visitor, load);
    answer("Grace, after her write");
    expect(await nameOf(after)).toBe("Grace, after her write");
  });

  it("does not serve past its life a viewer whose read failed, nor keep a failed renewal", async () => {
    const memo = createViewerMemo({ ttlMs: TTL_MS });
    const failing = vi.fn(() => Promise.reject(new Error("database down")));
    await expect(memo.viewer(visitor, failing)).rejects.toThrow("database down");
    const { load, answer } = reads();
    const read = memo.viewer(visitor, load);
    answer("Ada");
    await read;
    vi.setSystemTime(Date.now() + TTL_MS + 100);
    expect(await nameOf(memo.viewer(visitor, failing))).toBe("Ada");
    await Promise.resolve();
    expect(await nameOf(memo.viewer(visitor, load))).toBe("Ada"); // renewed again after the failed one
    answer("Ada, renewed");
    await Promise.resolve();
    expect(await nameOf(memo.viewer(visitor, load))).toBe("Ada, renewed");
  });
});
