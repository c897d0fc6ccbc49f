import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router";
import type { Cart } from "../server/cart/cart-types";
import { CartPageBody } from "~/components/cart/cart-page-body";
import { CartProvider } from "~/lib/cart";

/**
 * The cart page's body for one visitor's cart, which the server puts into the shared cart page (decision 0034): the
 * same component the page hydrates with, under the contexts it reads. A router in memory renders its links exactly as
 * the app's router does (`href` and `data-discover`). React puts the preloads it finds (each line's photo) first, for a
 * document's head: they are left out, since the page hydrates without them and the photos are in the HTML anyway.
 */
export function renderCartPage(cart: Cart): string {
  return withoutLeadingResources(
    renderToString(
      <MemoryRouter initialEntries={["/cart"]}>
        <CartProvider cart={cart}>
          <CartPageBody cart={cart} />
        </CartProvider>
      </MemoryRouter>,
    ),
  );
}

const LEADING_RESOURCES = /^(?:<link [^>]*\/>)+/;
/** React puts the preloads it finds first, for a document's head: a part of a page has none. */
export const withoutLeadingResources = (html: string) =>
  html.replace(LEADING_RESOURCES, "");
