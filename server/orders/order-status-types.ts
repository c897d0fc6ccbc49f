/** GET /api/order-status/{payment_intent} (SPEC §7), with the amounts the success page shows. */
export interface OrderStatusAnswer {
  order: {
    orderNumber: string;
    status: string;
    totalAmount: number;
    subtotal: number;
    discount: number;
    shipping: number;
    tax: number;
    taxIncluded: boolean;
    /** What the order charged, line by line as stored: subtotal, discount, shipping (with its method), each tax. */
    charges: { label: string; amount: number; free: boolean }[];
    shippingMethod: string | null;
    /** "3-5 business days" */
    delivery: string;
    email: string;
    createdAt: string;
    /** The parcel once the order has shipped; url is null for a carrier whose page we don't know. */
    tracking: { carrier: string; number: string; url: string | null; shippedAt: string | null } | null;
    /** Dollars refunded so far. */
    refunded: number;
  };
  items: {
    id: number;
    size: string;
    color: string | null;
    quantity: number;
    refundedQuantity: number;
    price: number;
    product: { id: number; name: string; imageUrl: string };
  }[];
}

/** A change staff made to a placed order (issue 51), with who made it and when, as the shopper's pages show it. */
export interface OrderEditNote {
  status: "awaiting_payment" | "applied" | "expired" | "canceled";
  changes: string[];
  differenceCents: number;
  /** The staff member's name. */
  by: string;
  at: string;
}

/** A row of the account's order history. */
export type AccountOrder = OrderStatusAnswer["order"] & { itemCount: number; items: OrderStatusAnswer["items"]; edits: OrderEditNote[] };

export interface AccountOrderDetail extends OrderStatusAnswer, OrderReturns {
  edits: OrderEditNote[];
  shipping: { name: string; line1: string; line2: string | null; city: string; region: string; postalCode: string; country: string };
}

/** A shopper's returns of an order, and what can still go back (null once delivered 30 days ago, or nothing is left). */
export interface OrderReturns {
  /** resolution: money back to the card, or store credit (issue 51). */
  returns: { returnNumber: string; status: string; reason: string; staffNote: string | null; refund: number | null; resolution: "refund" | "store_credit" | "exchange"; items: { itemId: number; quantity: number; exchange: { variantId: number; color: string; size: string } | null }[]; createdAt: string }[];
  /** storeCreditOffered: the form may ask for store credit instead of a refund (the store's settings). */
  returnable: { until: string; lines: { itemId: number; name: string; color: string; size: string; available: number; exchangeOptions: { variantId: number; color: string; size: string }[] }[]; storeCreditOffered: boolean } | null;
}
