import { Writable } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
import { MemoryRouter } from "react-router";
import type { ProductDetail } from "../server/catalog/product-types";
import { ProductPurchase } from "~/components/product-detail/product-purchase";
import { CartProvider } from "~/lib/cart";
import { AnonymousViewerProvider } from "~/lib/viewer";
import { withoutLeadingResources } from "./cart-page.server";

const noChoice = () => {};

/**
 * A product page's purchase panel for the product's latest stock, which the server puts into the cached page
 * (decision 0041): the same component the page hydrates with, under the contexts it reads, rendered whole like the
 * page (its lazily loaded sold-out form in place, app/entry.server.tsx).
 */
export function renderPurchase(product: ProductDetail): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        chunks.push(chunk);
        callback();
      },
      final(callback) {
        resolve(withoutLeadingResources(Buffer.concat(chunks).toString("utf8")));
        callback();
      },
    });
    const { pipe } = renderToPipeableStream(
      <MemoryRouter initialEntries={[`/product/${product.id}`]}>
        <AnonymousViewerProvider>
          <CartProvider cart={undefined}>
            <ProductPurchase product={product} onChoice={noChoice} />
          </CartProvider>
        </AnonymousViewerProvider>
      </MemoryRouter>,
      { progressiveChunkSize: Number.POSITIVE_INFINITY, onAllReady: () => pipe(sink), onShellError: reject, onError: reject },
    );
  });
}
