import type { Server } from "node:http";

/**
 * Stops accepting connections and waits for the requests in flight; idle keep-alive connections are closed at once
 * and busy ones after their answer. Whatever is still open after `timeoutMs` is dropped.
 */
export async function stopServer(server: Server, timeoutMs: number): Promise<void> {
  const force = setTimeout(() => server.closeAllConnections(), timeoutMs);
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeIdleConnections();
  // A keep-alive connection that finishes its request now is closed instead of waiting for the next one.
  server.prependListener("request", (_req, res) => res.setHeader("Connection", "close"));
  await closed;
  clearTimeout(force);
}
