import { type SentStock, STOCK_JSON_ID, withSentStock } from "../../shared/product-stock";
import { stitchedJson } from "./stitched-json";

/** The page data the document came with, and the stock the server put into the document beside it (decision 0041). */
let documentData: object | undefined;
let sent: SentStock | undefined;

/**
 * The product as its page shows it: on the page the document came with, with the stock the server sent beside the
 * cached page (read once, as the page hydrates), which may be newer than the page's data; after any navigation or
 * revalidation, as the page's data has it (read then).
 */
export function useSentStock<P extends { id: number; stock: number; variants: { available: number }[] }>(product: P, pageData: object): P {
  if (typeof document === "undefined") return product;
  if (!documentData) {
    documentData = pageData;
    sent = stitchedJson<SentStock>(STOCK_JSON_ID);
  }
  return pageData === documentData ? withSentStock(product, sent) : product;
}
