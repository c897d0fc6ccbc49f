import { createServer, request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";

/** One request's fate, as a client sees it while a store stops. */
export interface Outcome {
  /** When the request was fully written to its own connection. */
  sentAt: number;
  doneAt: number;
  status?: number;
  /** The body arrived whole (its length matches Content-Length, or the chunked stream ended). */
  complete: boolean;
  error?: string;
}

/** A GET, or a POST of `json`, on a connection of its own (no keep-alive: never sent on a socket the server is closing). */
export function sendAlone(url: string, json?: unknown): Promise<Outcome> {
  return new Promise((resolve) => {
    let sentAt = Number.NaN;
    const headers = { connection: "close", ...(json ? { "content-type": "application/json", origin: new URL(url).origin } : {}) };
    const req = httpRequest(url, { agent: false, method: json ? "POST" : "GET", headers }, (res) => {
      let bytes = 0;
      res.on("data", (chunk: Buffer) => (bytes += chunk.length));
      res.on("end", () => {
        const expected = res.headers["content-length"];
        resolve({ sentAt, doneAt: performance.now(), status: res.statusCode, complete: res.complete && (expected === undefined || Number(expected) === bytes) });
      });
      res.on("error", (err) => resolve({ sentAt, doneAt: performance.now(), status: res.statusCode, complete: false, error: err.message }));
    });
    req.on("finish", () => (sentAt = performance.now()));
    req.on("error", (err: NodeJS.ErrnoException) => resolve({ sentAt, doneAt: performance.now(), complete: false, error: err.code ?? err.message }));
    req.end(json ? JSON.stringify(json) : undefined);
  });
}

/**
 * The style assistant's language model, answering after 1.5 s: its requests are surely in flight when a store is
 * stopped. `held()` is how many it is holding right now; point AI_BASE_URL at `url` (once `listening` resolves).
 */
export function startSlowModel() {
  let held = 0;
  const server = createServer((_req, res) => {
    held += 1;
    setTimeout(() => {
      held -= 1;
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ choices: [{ message: { content: "{}" } }] }));
    }, 1500);
  });
  const listening = new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    listening,
    get url() {
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
    },
    held: () => held,
    close: () => void server.close(),
  };
}
