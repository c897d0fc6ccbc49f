import { setImmediate as nextTurn } from "node:timers/promises";
import type { Response } from "express";

/**
 * Streams a CSV download chunk by chunk (issue 32): each chunk is written as it comes, waiting when the client reads
 * slower than the store writes, and the event loop gets a turn between chunks, so an export of 100,000 products never
 * holds other requests for long. A client that goes away stops the export.
 */
export async function sendCsv(res: Response, filename: string, chunks: AsyncIterable<string>): Promise<void> {
  res.set("Content-Disposition", `attachment; filename="${filename}"`);
  res.type("text/csv; charset=utf-8");
  for await (const chunk of chunks) {
    if (res.destroyed) return;
    if (!res.write(chunk)) await drainedOrClosed(res);
    await nextTurn();
  }
  res.end();
}

function drainedOrClosed(res: Response): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      res.off("drain", done);
      res.off("close", done);
      resolve();
    };
    res.on("drain", done);
    res.on("close", done);
  });
}
