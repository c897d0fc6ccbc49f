import { pageTitle } from "~/lib/seo";
import type { Route } from "./+types/cart";
import { CartPageBody } from "~/components/cart/cart-page-body";
import { useCart } from "~/lib/cart";
import { CART_JSON_ID, CART_PAGE_PART } from "../../shared/viewer";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, "Your Cart") },
  { name: "description", content: "Review the items in your cart, change sizes and quantities, and check out." },
  // A shopper's cart is private and different for everyone: search engines should not index it.
  { name: "robots", content: "noindex" },
];

/**
 * One page for every visitor (decision 0034): rendered for nobody (the empty state), it is shared; for a visitor with
 * a cart the server puts their cart's body between the marks and their cart's JSON in the script, from which the
 * cart store starts, so hydration finds exactly what it renders.
 */
export default function CartPage() {
  const { data: cart } = useCart();
  return (
    <>
      <script type="application/json" id={CART_JSON_ID} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: "" }} />
      <div data-part={CART_PAGE_PART}>
        <CartPageBody cart={cart} />
        <span data-part-end={CART_PAGE_PART} hidden />
      </div>
    </>
  );
}
