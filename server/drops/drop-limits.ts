import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { dropProducts, drops, orderItems, orders, type OrderRow } from "../db/schema";
import { currentDrop } from "../../shared/drops";
import { AppError } from "../errors";
import type { DropIndex } from "./drop-index";
import { type AddressParts, normaliseAddress, normalisePostalCode } from "./normalise-address";

type Tx = Pick<Database, "select" | "execute">;

/** Who is buying: matched against earlier orders by account, by email and by shipping address (issue 48). */
export interface LimitBuyer {
  userId: string | null;
  email: string;
  address: AddressParts;
}

/** Units of one product the order would take. */
export interface LimitItem {
  productId: number;
  name: string;
  quantity: number;
}

type LimitedDrop = { id: number; name: string; announceAt: Date; perProductLimit: number | null; perDropLimit: number | null };

const pieces = (n: number) => (n === 1 ? "1 piece" : `${n} pieces`);

/**
 * Why this buyer may not have these units of the drops they belong to, or null when they may (DESIGN §11).
 *
 * It must run inside the transaction that then takes the stock: the buyer is locked in each drop with a limit
 * (lockBuyer) while their units are counted, and stays locked until that transaction ends, so concurrent checkouts of
 * one customer are counted one after another and can't together pass the limit. A drop without limits locks nothing.
 * `exceptOrderIds`: orders not to count (the order itself).
 */
export async function dropLimitRefusal(tx: Tx, { buyer, items, now, exceptOrderIds = [] }: { buyer: LimitBuyer; items: LimitItem[]; now: Date; exceptOrderIds?: string[] }): Promise<string | null> {
  const limited = await limitedDrops(tx, items, now);
  await lockBuyer(tx, limited, buyer);
  for (const drop of limited) {
    const productIds = (await tx.select({ id: dropProducts.productId }).from(dropProducts).where(eq(dropProducts.dropId, drop.id))).map((r) => r.id);
    const wanted = unitsByProduct(items.filter((i) => productIds.includes(i.productId)));
    if (wanted.size === 0) continue;
    const held = await unitsHeldBy(tx, { buyer, drop, productIds, exceptOrderIds });
    if (drop.perProductLimit !== null) {
      for (const [productId, want] of wanted) {
        if ((held.get(productId) ?? 0) + want > drop.perProductLimit) {
          return `You can buy at most ${drop.perProductLimit} of ${items.find((i) => i.productId === productId)!.name} in this drop`;
        }
      }
    }
    const total = (m: Map<number, number>) => [...m.values()].reduce((a, b) => a + b, 0);
    if (drop.perDropLimit !== null && total(held) + total(wanted) > drop.perDropLimit) return `You can buy at most ${pieces(drop.perDropLimit)} of ${drop.name}`;
  }
  return null;
}

const unitsByProduct = (items: LimitItem[]) => items.reduce((m, i) => m.set(i.productId, (m.get(i.productId) ?? 0) + i.quantity), new Map<number, number>());

/** The drops the products are in at `now` (the one answer of shared/drops.ts `currentDrop`) that have a limit. */
async function limitedDrops(tx: Tx, items: LimitItem[], now: Date): Promise<LimitedDrop[]> {
  const productIds = [...new Set(items.map((i) => i.productId))];
  if (productIds.length === 0) return [];
  const links = await tx
    .select({ productId: dropProducts.productId, id: drops.id, announceAt: drops.announceAt, earlyAccessAt: drops.earlyAccessAt, opensAt: drops.opensAt, preorderClosesAt: drops.preorderClosesAt, limited: sql<boolean>`${drops.perProductLimit} is not null or ${drops.perDropLimit} is not null` })
    .from(dropProducts)
    .innerJoin(drops, eq(drops.id, dropProducts.dropId))
    .where(and(inArray(dropProducts.productId, productIds), isNull(drops.archivedAt)));
  const current = new Set<number>();
  for (const productId of productIds) {
    const drop = currentDrop(links.filter((l) => l.productId === productId), now);
    if (drop?.limited) current.add(drop.id);
  }
  if (current.size === 0) return [];
  return tx
    .select({ id: drops.id, name: drops.name, announceAt: drops.announceAt, perProductLimit: drops.perProductLimit, perDropLimit: drops.perDropLimit })
    .from(drops)
    .where(inArray(drops.id, [...current]))
    .orderBy(asc(drops.id));
}

/**
 * Locks, until the transaction ends, each way this buyer is matched in each limited drop: their account, their email
 * and their normalised address (the three equalities unitsHeldBy counts by). Two checkouts that could count each
 * other's units share a key and run one after another; any other two run side by side, and neither waits for the
 * drop's row (a line's join updates it). Transaction-scoped advisory locks on a 64-bit hash of each key, taken in one
 * statement in sorted order, so two checkouts can't deadlock; a collision only makes two buyers wait for each other.
 */
async function lockBuyer(tx: Tx, limited: LimitedDrop[], buyer: LimitBuyer): Promise<void> {
  if (limited.length === 0) return;
  const ways = [...(buyer.userId ? [`account:${buyer.userId}`] : []), `email:${buyer.email.trim().toLowerCase()}`, `address:${normaliseAddress(buyer.address)}`];
  const keys = limited.flatMap((drop) => ways.map((way) => `drop-limit:${drop.id}:${way}`)).sort();
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(k, 0)) from unnest(${sql.raw("array[")}${sql.join(keys.map((k) => sql`${k}`), sql`, `)}${sql.raw("]::text[]")}) with ordinality as t(k, n) order by n`);
}

/**
 * Units of the drop's products in the buyer's orders that hold stock or were paid, placed since the drop was announced
 * (a product may have been in an earlier drop), less any refunded. SQL narrows the orders to those of the account,
 * the email, or the same country and postal code (an index-free but small set: orders with the drop's items); the
 * full address is compared here, normalised, since "12 North Main Street" and "12 n main st" are one place.
 */
async function unitsHeldBy(tx: Tx, { buyer, drop, productIds, exceptOrderIds }: { buyer: LimitBuyer; drop: LimitedDrop; productIds: number[]; exceptOrderIds: string[] }): Promise<Map<number, number>> {
  const email = buyer.email.trim().toLowerCase();
  const rows = await tx
    .select({
      userId: orders.userId,
      email: orders.email,
      line1: orders.shippingLine1,
      line2: orders.shippingLine2,
      city: orders.shippingCity,
      region: orders.shippingRegion,
      postalCode: orders.shippingPostalCode,
      country: orders.shippingCountry,
      productId: orderItems.productId,
      units: sql<number>`sum(${orderItems.quantity} - ${orderItems.refundedQuantity})::int`,
    })
    .from(orders)
    .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
    .where(
      and(
        inArray(orderItems.productId, productIds),
        sql`${orders.stockState} in ('held', 'committed') and ${orders.status} not in ('canceled', 'expired', 'refunded')`,
        sql`${orders.createdAt} >= ${drop.announceAt.toISOString()}::timestamptz`,
        exceptOrderIds.length > 0 ? sql`${orders.id} not in (${sql.join(exceptOrderIds.map((id) => sql`${id}::uuid`), sql`, `)})` : undefined,
        sql`(${buyer.userId ? sql`${orders.userId} = ${buyer.userId}` : sql`false`}
          or lower(${orders.email}) = ${email}
          or (upper(${orders.shippingCountry}) = ${buyer.address.country.trim().toUpperCase()}
            and upper(regexp_replace(${orders.shippingPostalCode}, '[^A-Za-z0-9]', '', 'g')) = ${normalisePostalCode(buyer.address.postalCode)}))`,
      ),
    )
    .groupBy(orders.id, orderItems.productId);
  const key = normaliseAddress(buyer.address);
  const held = new Map<number, number>();
  for (const row of rows) {
    const same = (buyer.userId !== null && row.userId === buyer.userId) || row.email.toLowerCase() === email || normaliseAddress(row) === key;
    if (same) held.set(row.productId, (held.get(row.productId) ?? 0) + row.units);
  }
  return held;
}

/**
 * The same question for an order already made, whose hold lapsed before its payment came (server/orders/mark-order-paid):
 * its own units are not counted as held, and the buyer is locked as at checkout.
 */
export async function orderLimitRefusal(tx: Tx, order: OrderRow, now: Date): Promise<string | null> {
  const items = await tx.select({ productId: orderItems.productId, name: orderItems.name, quantity: orderItems.quantity }).from(orderItems).where(eq(orderItems.orderId, order.id));
  const address = { line1: order.shippingLine1, line2: order.shippingLine2, city: order.shippingCity, region: order.shippingRegion, postalCode: order.shippingPostalCode, country: order.shippingCountry };
  return dropLimitRefusal(tx, { buyer: { userId: order.userId, email: order.email, address }, items, now, exceptOrderIds: [order.id] });
}

/**
 * Add-to-cart's courtesy, not the guard (DESIGN §11): an add of more of one piece than its drop lets one customer buy
 * is refused at once, rather than at checkout. What the customer already bought is counted only at checkout.
 */
export async function assertAddWithinLimit({ index, productId, quantity }: { index: Pick<DropIndex, "dropOf">; productId: number; quantity: number }): Promise<void> {
  const drop = (await index.dropOf(productId))?.drop;
  const limit = Math.min(drop?.perProductLimit ?? Infinity, drop?.perDropLimit ?? Infinity);
  if (drop && quantity > limit) throw new AppError("conflict", `You can buy at most ${limit} of each piece of ${drop.name}`);
}
