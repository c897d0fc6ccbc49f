import { describe, expect, it } from "vitest";
import { createSharedReads } from "../catalog/shared-reads";
import { renderAhead, renderingAheadFor, seenFromRenders } from "./render-ahead";

describe("a render ahead of a phase change (decision 0051)", () => {
  const clock = () => new Date(1_000);
  const now = seenFromRenders(clock);
  const instant = new Date(5_000);

  it("reads the service clock as its instant, in everything it sets off, and nowhere else", async () => {
    expect(now()).toEqual(clock());
    const seen = await renderAhead(instant, async () => {
      await new Promise((resolve) => setImmediate(resolve));
      const later = await new Promise<Date>((resolve) => setTimeout(() => resolve(now()), 1));
      return { first: now(), later, for: renderingAheadFor() };
    });
    expect(seen).toEqual({ first: instant, later: instant, for: instant.getTime() });
    expect(now()).toEqual(clock());
    expect(renderingAheadFor()).toBeUndefined();
  });

  it("neither reads nor fills the shared reads", async () => {
    const shared = createSharedReads({ ttlMs: 60_000 });
    let reads = 0;
    const phase = shared.share(async (_: object) => `read ${++reads} at ${now().getTime()}`);
    expect(await phase({})).toBe("read 1 at 1000");
    expect(await renderAhead(instant, () => phase({}))).toBe("read 2 at 5000");
    // The present still gets its own answer, not the future's.
    expect(await phase({})).toBe("read 1 at 1000");
  });
});
