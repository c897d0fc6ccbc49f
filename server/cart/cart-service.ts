import type { Database } from "../db/client";
import type { TaxProviderName } from "../db/schema";
import type { PricingRules } from "../pricing/pricing-rules";
import type { TaxProvider } from "../tax/tax-provider";
import type { CartPricing } from "./cart-estimate";
import { addCartItem } from "./add-cart-item";
import { clearCart, removeCartItem, updateCartItem } from "./change-cart-item";
import { getCart } from "./read-cart";
import { addGiftCardLine } from "../gift-cards/gift-card-line";
import type { CartOwner } from "./cart-owner";
import type { AddCartItemInput } from "./cart-schemas";

/** The cart (DESIGN §4): every answer carries the totals the staff's rules give before an address. */
export function createCartService({ db, pricingRules, taxProvider, timeZone, now }: { db: Database; pricingRules: () => Promise<PricingRules>; taxProvider: (name: TaxProviderName) => TaxProvider; timeZone: () => Promise<string>; now: () => Date }) {
  const priced =
    <P extends { db: Database; pricing: CartPricing }, R>(fn: (args: P) => Promise<R>) =>
    async (args: Omit<P, "db" | "pricing">) => {
      const rules = await pricingRules();
      return fn({ ...args, db, pricing: { rules, taxProvider: taxProvider(rules.taxProvider) } } as P);
    };
  return {
    getCart: priced(getCart),
    /** A gift card's line with a recipient, note or date takes its own path (server/gift-cards/gift-card-line.ts). */
    addCartItem: ({ owner, item }: { owner: CartOwner; item: AddCartItemInput }) => {
      const { giftCard } = item;
      return giftCard ? priced(addGiftCardLine)({ owner, item: { ...item, giftCard }, timeZone, now }) : priced(addCartItem)({ owner, item });
    },
    updateCartItem: priced(updateCartItem),
    removeCartItem: priced(removeCartItem),
    clearCart: priced(clearCart),
  };
}

export type CartService = ReturnType<typeof createCartService>;
