import { Writable } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
import { type EntryContext, type HandleErrorFunction, type RouterContextProvider, ServerRouter } from "react-router";
import { isDatabaseUnavailable, logDatabaseUnavailable } from "../shared/database-unavailable";
import { nonceContext, servicesContext } from "./context";
import { NonceContext } from "./lib/nonce";

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  // A loader that failed because the database is down makes the page a 503 the browser (or a proxy) may retry.
  const errors = Object.values(routerContext.staticHandlerContext.errors ?? {});
  if (responseStatusCode === 500 && errors.length > 0 && errors.every(isDatabaseUnavailable)) {
    responseStatusCode = 503;
    responseHeaders.set("Retry-After", "5");
  }
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const nonce = loadContext.get(nonceContext);
  // The pages wait for no data while rendering (loaders have run), so the document is rendered whole and sent as one
  // buffer: streaming it in React's 2 KB chunks through a Node and a web stream cost more than the render itself.
  return new Promise<Response>((resolve, reject) => {
    const chunks: Buffer[] = [];
    const timeoutId = setTimeout(() => abort(), streamTimeout + 1000);
    const body = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        chunks.push(chunk);
        callback();
      },
      final(callback) {
        clearTimeout(timeoutId);
        responseHeaders.set("Content-Type", "text/html; charset=utf-8");
        resolve(new Response(Buffer.concat(chunks), { headers: responseHeaders, status: responseStatusCode }));
        callback();
      },
    });
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceContext.Provider>,
      {
        nonce,
        // Sent whole, so every Suspense boundary goes in place: by default React moves one over 500 bytes in a large
        // page to the end of the document, hidden, and shows it with an inline script (the lazily loaded sold-out form).
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        onAllReady() {
          pipe(body);
        },
        onShellError(error: unknown) {
          clearTimeout(timeoutId);
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          console.error(error);
        },
      },
    );
  });
}

/**
 * A loader or action that threw: into the store's JSON log (React Router would print it to the console). A request the
 * browser gave up on is not an error, and a database outage is logged once every few seconds, not once a page.
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  const { logger } = (context as RouterContextProvider).get(servicesContext);
  if (isDatabaseUnavailable(error)) logDatabaseUnavailable((fields, message) => logger.warn(fields, message), error);
  else logger.error({ err: error }, "page error");
};
