import { IncomingMessage, ServerResponse } from "node:http";
import type { Socket } from "node:net";
import { Duplex } from "node:stream";

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

/**
 * A GET request of the store's own, through its app in this process (not over the network, which with several
 * workers could reach another process): its answer is discarded, and the promise settles once the answer has been
 * sent, or after `limitMs` (a render that hangs must not hold what waits on it). For the response cache's renewals.
 */
export function localGet(app: Handler, url: string, headers: Record<string, string>, limitMs: number): Promise<void> {
  const socket = new Duplex({ read() {}, write: (_chunk, _encoding, done) => done() });
  const req = new IncomingMessage(socket as Socket);
  req.method = "GET";
  req.url = url;
  req.headers = { host: "localhost", ...headers };
  req.push(null);
  const res = new ServerResponse(req);
  res.assignSocket(socket as Socket);
  // A server's own connection handler tells a response when its socket drains; this socket has none. A page streamed
  // past the socket's buffer (a product page, 126 KB, as React writes it) waits for that 'drain' before writing on,
  // and without it would never end.
  socket.on("drain", () => res.emit("drain"));
  return new Promise<void>((resolve) => {
    const limit = setTimeout(settle, limitMs);
    limit.unref();
    function settle() {
      clearTimeout(limit);
      socket.destroy();
      resolve();
    }
    res.once("finish", settle);
    res.once("close", settle);
    app(req, res);
  });
}
