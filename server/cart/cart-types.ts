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
}

export interface Cart {
  items: CartLine[];
  itemCount: number;
  subtotal: number;
  discount: number;
  shipping: number;
  tax: number;
  taxRatePercent: number;
  total: number;
}
