import { and, eq, inArray, ne, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { orderItems, orders, type OrderRow, products, returnItems, type returns, variants } from "../db/schema";
import { AppError } from "../errors";
import { variantLabel } from "../cart/resolve-variant";
import { recordOrderEvent } from "./order-events";
import { commitStock, reserveStock, type StockLine } from "./stock";

/**
 * Exchanges (issue 51): a returned line may be swapped for another size or colour of the same product at the same
 * price. The new units are reserved when staff approve the return and taken when its parcel arrives, by a $0
 * exchange order that ships them through the usual fulfilment (decision 0058).
 */
export interface ExchangeChoice {
  itemId: number;
  variantId: number;
}

type ReturnLine = { itemId: number; quantity: number };

const sameProductSamePrice = (productId: number, priceCents: number) => and(eq(variants.productId, productId), eq(variants.priceCents, priceCents));

/** The other sizes and colours each order line may be exchanged for: same product, same price, in stock. */
export async function exchangeOptions(db: Pick<Database, "select">, items: { id: number; variantId: number; productId: number }[]) {
  if (items.length === 0) return new Map<number, { variantId: number; color: string; size: string }[]>();
  const own = await db.select({ id: variants.id, priceCents: variants.priceCents }).from(variants).where(inArray(variants.id, items.map((i) => i.variantId)));
  const out = new Map<number, { variantId: number; color: string; size: string }[]>();
  for (const item of items) {
    const price = own.find((v) => v.id === item.variantId)?.priceCents;
    if (price === undefined) continue;
    const rows = await db
      .select({ variantId: variants.id, color: variants.color, size: variants.size })
      .from(variants)
      .innerJoin(products, eq(products.id, variants.productId))
      .where(and(sameProductSamePrice(item.productId, price), ne(variants.id, item.variantId), eq(products.status, "active"), sql`${variants.onHand} - ${variants.reserved} > 0`))
      .orderBy(variants.id);
    out.set(item.id, rows);
  }
  return out;
}

/**
 * Checks the exchange asked for each returned line (one each, for those lines only): same product, another variant,
 * the same price as the one bought (a dearer or cheaper one is a refund and a new order). Answers itemId → variantId.
 */
export async function checkExchanges(tx: Pick<Database, "select">, orderId: string, lines: ReturnLine[], exchanges: ExchangeChoice[] | undefined): Promise<Map<number, number>> {
  const chosen = new Map((exchanges ?? []).map((e) => [e.itemId, e.variantId]));
  if (lines.some((l) => !chosen.has(l.itemId))) throw new AppError("bad_request", "Invalid return: exchanges: choose the size or colour to send instead of each item");
  if ([...chosen.keys()].some((id) => !lines.some((l) => l.itemId === id))) throw new AppError("bad_request", "Invalid return: exchanges: name only items being returned");
  const items = await tx.select().from(orderItems).where(and(eq(orderItems.orderId, orderId), inArray(orderItems.id, [...chosen.keys()])));
  for (const item of items) {
    const variantId = chosen.get(item.id)!;
    const [bought] = await tx.select({ priceCents: variants.priceCents }).from(variants).where(eq(variants.id, item.variantId));
    const [wanted] = await tx.select({ v: variants, name: products.name, colors: products.colors }).from(variants).innerJoin(products, eq(products.id, variants.productId)).where(eq(variants.id, variantId));
    if (!wanted || wanted.v.productId !== item.productId || variantId === item.variantId) throw new AppError("bad_request", `Invalid return: exchanges: ${item.name} can only be exchanged for another size or colour of itself`);
    const label = variantLabel({ name: wanted.name, colors: wanted.colors, color: wanted.v.color, size: wanted.v.size });
    if (wanted.v.priceCents !== bought?.priceCents) throw new AppError("conflict", `${label} costs a different price: return the item for a refund and order that one instead`);
  }
  return chosen;
}

/** The exchange's new units, by variant, for a return (its lines with an exchange variant). */
async function exchangeLines(tx: Pick<Database, "select">, returnId: string): Promise<StockLine[]> {
  const rows = await tx.select({ variantId: returnItems.exchangeVariantId, quantity: returnItems.quantity }).from(returnItems).where(eq(returnItems.returnId, returnId));
  return rows.filter((r): r is StockLine => r.variantId !== null);
}

/** Staff approve an exchange: the new units are reserved now, or a 409 names the one that ran out. */
export async function reserveExchange(tx: Database, returnId: string): Promise<void> {
  const lines = await exchangeLines(tx, returnId);
  const short = await reserveStock(tx, lines);
  if (!short) return;
  const [v] = await tx.select({ v: variants, name: products.name, colors: products.colors }).from(variants).innerJoin(products, eq(products.id, variants.productId)).where(eq(variants.id, short.variantId));
  throw new AppError("conflict", `${v ? variantLabel({ name: v.name, colors: v.colors, color: v.v.color, size: v.v.size }) : "The exchange"} is sold out: approve the return as a refund or store credit instead`);
}

/**
 * The parcel arrived: the reserved units are taken by a $0 order to the original address, paid at once, which staff
 * ship like any order. Answers its id.
 */
export async function makeExchangeOrder(tx: Database, order: OrderRow, ret: typeof returns.$inferSelect, actor: string, now: Date): Promise<string> {
  const lines = await exchangeLines(tx, ret.id);
  await commitStock(tx, lines);
  const chosen = await tx.select({ v: variants, name: products.name, garment: products.garment, imageUrl: orderItems.imageUrl, quantity: returnItems.quantity }).from(returnItems).innerJoin(variants, eq(variants.id, returnItems.exchangeVariantId)).innerJoin(products, eq(products.id, variants.productId)).innerJoin(orderItems, eq(orderItems.id, returnItems.orderItemId)).where(eq(returnItems.returnId, ret.id));
  const [made] = await tx
    .insert(orders)
    .values({
      orderNumber: sql`'VS-' || nextval('order_number_seq')`,
      userId: order.userId,
      status: "paid",
      email: order.email,
      shippingName: order.shippingName,
      shippingLine1: order.shippingLine1,
      shippingLine2: order.shippingLine2,
      shippingCity: order.shippingCity,
      shippingRegion: order.shippingRegion,
      shippingPostalCode: order.shippingPostalCode,
      shippingCountry: order.shippingCountry,
      subtotalCents: 0,
      discountCents: 0,
      shippingCents: 0,
      taxCents: 0,
      totalCents: 0,
      shippingMethod: order.shippingMethod,
      cartFingerprint: `exchange:${ret.id}`,
      paymentProvider: "exchange",
      stockState: "committed",
      reservationExpiresAt: now,
      paidAt: now,
      confirmationSentAt: now,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: orders.id });
  await tx.insert(orderItems).values(chosen.map((c) => ({ orderId: made!.id, productId: c.v.productId, variantId: c.v.id, name: c.name, imageUrl: c.imageUrl, color: c.v.color, size: c.v.size, unitPriceCents: 0, quantity: c.quantity })));
  await recordOrderEvent(tx, { orderId: made!.id, from: null, to: "paid", actor, note: `Exchange for return ${ret.returnNumber} of order ${order.orderNumber}`, at: now });
  return made!.id;
}

/** What each returned line is exchanged for (admin and shopper views), by order line. */
export async function exchangesOf(db: Pick<Database, "select">, returnIds: string[]) {
  if (returnIds.length === 0) return [];
  return db
    .select({ returnId: returnItems.returnId, itemId: returnItems.orderItemId, variantId: variants.id, color: variants.color, size: variants.size })
    .from(returnItems)
    .innerJoin(variants, eq(variants.id, returnItems.exchangeVariantId))
    .where(inArray(returnItems.returnId, returnIds));
}
