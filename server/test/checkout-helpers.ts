import { and, eq } from "drizzle-orm";
import type { Database } from "../db/client";
import { orders, variants } from "../db/schema";
import type { createApiClient } from "./api-client";

export const details = {
  email: "sam@example.com",
  name: "Sam Rivera",
  address: { line1: "12 Market Street", city: "Portland", region: "OR", postalCode: "97205", country: "US" },
};

export const card = (cardNumber: string) => ({ cardNumber, expiry: "12/34", cvc: "123" });

type Client = ReturnType<typeof createApiClient>;

/** Adds a line and opens checkout; returns the create-payment-intent answer. */
export async function checkoutWith(shopper: Client, item: { productId: number; quantity: number; size: string; color?: string }) {
  const added = await shopper.post("/api/cart/items", { color: "Default", ...item });
  if (added.status !== 201) throw new Error(`add failed: ${added.status} ${added.text}`);
  return shopper.post("/api/create-payment-intent", { ...details, amount: 0.01 });
}

export async function variantStock(db: Database, productId: number, color: string, size: string) {
  const [row] = await db
    .select({ onHand: variants.onHand, reserved: variants.reserved })
    .from(variants)
    .where(and(eq(variants.productId, productId), eq(variants.color, color), eq(variants.size, size)));
  return row!;
}

/** Ends every open order (as if canceled) so a test can set stock from a clean slate. */
export async function closeOpenOrders(db: Database) {
  await db.update(orders).set({ status: "canceled", stockState: "released" }).where(eq(orders.stockState, "held"));
}

export async function setVariantStock(db: Database, productId: number, color: string, size: string, onHand: number) {
  await db.update(variants).set({ onHand, reserved: 0 }).where(and(eq(variants.productId, productId), eq(variants.color, color), eq(variants.size, size)));
}

export async function orderFor(db: Database, paymentIntentId: string) {
  const [row] = await db.select().from(orders).where(eq(orders.paymentIntentId, paymentIntentId));
  return row!;
}
