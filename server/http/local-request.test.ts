import { once } from "node:events";
import type { IncomingMessage, ServerResponse } from "node:http";
import { describe, expect, it } from "vitest";
import { localGet } from "./local-request";

describe("a request of the store's own (localGet)", () => {
  it("ends an answer streamed past the socket's buffer, writing on at each 'drain' as React's stream does", async () => {
    let ended = false;
    const handler = (_req: IncomingMessage, res: ServerResponse) => {
      void (async () => {
        const chunk = Buffer.alloc(16 * 1024, "a");
        for (let i = 0; i < 64; i++) if (!res.write(chunk)) await once(res, "drain");
        res.end();
        ended = true;
      })();
    };
    const started = Date.now();
    await localGet(handler, "/big", {}, 20_000);
    expect(ended).toBe(true);
    // Settled by the answer's end, not by the limit.
    expect(Date.now() - started).toBeLessThan(15_000);
  });
});
