/** A cart as every client sees it: lines plus the totals of the one pricing rule, amounts in dollars. */
export interface CartLine {
  id: number;
  productId: number;
  product: { id: number; name: string; price: number; image: string; category: string; preorder: boolean };
  quantity: number;
  color: string;
  size: string;
  unitPrice: number;
  lineTotal: number;
  /** Units of this colour and size still available to buy. */
  available: number;
  /** A gift card's line: emailed to the recipient (null: the buyer) on sendAt (null: once paid), with the note. */
  giftCard: { recipientEmail: string | null; message: string | null; sendAt: string | null } | null;
}

export interface Cart {
  items: CartLine[];
  itemCount: number;
  subtotal: number;
  discount: number;
  /** null: it depends on the address, so checkout says (the rules for everywhere can't tell). */
  shipping: number | null;
  tax: number | null;
  /** The one rate every line bears ("Tax (8%)"), or null. */
  taxRatePercent: number | null;
  /** The prices hold the tax: the total doesn't add it again. */
  taxIncluded: boolean;
  /** How much more makes shipping free, or null when it doesn't apply. */
  freeShippingRemaining: number | null;
  /** Shipping and tax may differ for the shopper's address (other zones exist): they read as estimates until checkout. */
  estimated: boolean;
  /** Subtotal − discount + shipping + tax, of the parts known before an address. */
  total: number;
}
