import type { Product } from "../../../server/catalog/product-types";
import { preloadCartDrawer } from "~/components/cart/cart-drawer";
import { trackAddToCart } from "~/lib/analytics";
import { type AddToCartInput, useAddToCart, useCartDrawer } from "~/lib/cart";
import { toast } from "~/lib/toast";

/** Adds to the cart, then confirms with a toast, records add_to_cart and opens the drawer (SPEC §4). */
export function useAddProduct() {
  const mutation = useAddToCart();
  const { setOpen } = useCartDrawer();
  async function addProduct(
    product: Pick<Product, "id" | "name" | "price">,
    item: AddToCartInput,
    message: { title: string; description?: string },
    { openDrawer = true } = {},
  ): Promise<boolean> {
    if (openDrawer) preloadCartDrawer(); // fetched while the cart call is in flight
    try {
      await mutation.mutateAsync(item);
    } catch {
      return false; // the mutation already told the shopper why
    }
    trackAddToCart({ id: product.id, name: product.name, price: product.price, quantity: item.quantity, variant: `${item.color} ${item.size}` });
    toast.success(message.title, { description: message.description, duration: 3000 });
    if (openDrawer) setOpen(true);
    return true;
  }
  return { addProduct, isPending: mutation.isPending };
}
