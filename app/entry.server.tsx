import { Writable } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
import { type EntryContext, type HandleErrorFunction, type RouterContextProvider, ServerRouter } from "react-router";
import { isDatabaseUnavailable, logDatabaseUnavailable, UNAVAILABLE_PAGE } from "../shared/database-unavailable";
import { nonceContext, servicesContext } from "./context";
import { NonceContext } from "./lib/nonce";
import { SpriteMarkupContext } from "./components/ui/sprite-icon";
import { SPRITE_MARKUP } from "./components/ui/sprite-symbols.server";

export const streamTimeout = 5_000;

// The server puts each visitor's cart into the shared cart page with this (server/http/viewer.ts, decision 0034).
export { renderCartPage } from "./cart-page.server";
// ... and the latest stock's purchase panel into a cached product page (decision 0041).
export { renderPurchase } from "./purchase.server";

/** The requests (by their load context) a loader of which failed because the database is unavailable. */
const metOutage = new WeakSet<object>();

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  // A loader that failed because the database is down makes the page the outage page, a 503 the browser (or a proxy)
  // may retry (decision 0027). Its errors here are already sanitized in production ("Unexpected Server Error", no
  // cause), so handleError, which sees them first and whole, has marked the request.
  if (responseStatusCode >= 500 && metOutage.has(loadContext)) {
    responseHeaders.set("Retry-After", "5");
    responseHeaders.set("Content-Type", "text/html; charset=utf-8");
    responseHeaders.set("Cache-Control", "no-store");
    return new Response(request.method.toUpperCase() === "HEAD" ? null : UNAVAILABLE_PAGE, { status: 503, headers: responseHeaders });
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
        <SpriteMarkupContext.Provider value={SPRITE_MARKUP}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </SpriteMarkupContext.Provider>
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
  if (isDatabaseUnavailable(error)) {
    metOutage.add(context);
    logDatabaseUnavailable((fields, message) => logger.warn(fields, message), error);
  } else logger.error({ err: error }, "page error");
};
