import { createServer, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A proxy in front of the store that sends one page in two pieces, with a pause between them: the network stopping at
 * the worst moment, made to happen every time. Everything else passes through as it is. The browser's cookies for
 * 127.0.0.1 reach it too (cookies don't depend on the port).
 */
export async function pausedProxy(target: string, { path, cutAfter, pauseMs }: { path: string; cutAfter: (html: string) => number; pauseMs: number }) {
  const upstream = new URL(target);
  const server: Server = createServer((req, res) => {
    const headers = { ...req.headers };
    // The page is cut as text: asked for uncompressed.
    if (req.url === path) delete headers["accept-encoding"];
    const forward = request({ host: upstream.hostname, port: upstream.port, path: req.url, method: req.method, headers }, (answer) => {
      if (req.url !== path) {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
        return;
      }
      const chunks: Buffer[] = [];
      answer.on("data", (chunk: Buffer) => chunks.push(chunk));
      answer.on("end", () => {
        const html = Buffer.concat(chunks).toString("utf8");
        const cut = cutAfter(html);
        const { "content-length": _length, ...rest } = answer.headers;
        res.writeHead(answer.statusCode ?? 502, rest);
        res.write(html.slice(0, cut));
        setTimeout(() => res.end(html.slice(cut)), pauseMs);
      });
    });
    req.pipe(forward);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
