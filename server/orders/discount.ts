import { and, eq, inArray, ne, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { categories, discountCodes, discountRedemptions } from "../db/schema";
import { AppError } from "../errors";
import { type DiscountRule, eligibleSubtotal, type PricedLine } from "../pricing/order-totals";

/** A code that may be used now, with what it takes off. */
export interface Discount {
  code: string;
  rule: DiscountRule;
}

/** Who is using a code: the account, and the email once checkout knows it. */
export interface Customer {
  userId: string | null;
  email?: string | null;
}

type Row = typeof discountCodes.$inferSelect;
type Tx = Pick<Database, "select" | "insert" | "update" | "execute">;

const refuse = (message: string) => new AppError("bad_request", message);
const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;
const day = (d: Date) => d.toLocaleDateString("en-US", { month: "long", day: "numeric", year: "numeric", timeZone: "UTC" });

export function ruleOf(row: Row): DiscountRule {
  if (row.kind === "percent") return { kind: "percent", percent: row.percentOff!, collectionIds: row.collectionIds };
  if (row.kind === "fixed") return { kind: "fixed", amountCents: row.amountOffCents!, collectionIds: row.collectionIds };
  return { kind: "free_shipping", collectionIds: row.collectionIds };
}

/** Uses that count against a limit: paid orders and open checkouts holding the code (not `exceptOrderId`'s). */
async function usesOf(db: Tx, code: string, { customer, exceptOrderId }: { customer?: Customer; exceptOrderId?: string }): Promise<number> {
  const byCustomer = customer
    ? sql`and (${customer.userId ? sql`${discountRedemptions.userId} = ${customer.userId}` : sql`false`} or ${customer.email ? sql`${discountRedemptions.email} = ${customer.email.toLowerCase()}` : sql`false`})`
    : sql``;
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(discountRedemptions)
    .where(sql`${discountRedemptions.code} = ${code} and ${discountRedemptions.state} in ('held', 'paid') ${exceptOrderId ? sql`and ${discountRedemptions.orderId} <> ${exceptOrderId}` : sql``} ${byCustomer}`);
  return row?.n ?? 0;
}

/** Every reason a code can't be used for these lines by this customer now, as the shopper reads it; null if it can. */
async function refusal(db: Tx, row: Row | undefined, code: string, { lines, customer, now, exceptOrderId }: { lines: PricedLine[]; customer: Customer; now: Date; exceptOrderId?: string }): Promise<string | null> {
  if (!row || !row.active) return `The code ${code} is not valid`;
  if (row.startsAt && row.startsAt > now) return `The code ${code} starts on ${day(row.startsAt)}`;
  if (row.expiresAt && row.expiresAt <= now) return `The code ${code} has expired`;
  if (row.usageLimit !== null && (await usesOf(db, row.code, { exceptOrderId })) >= row.usageLimit) return row.usageLimit === 1 ? `The code ${code} has already been used` : `The code ${code} has been used up`;
  if (row.oncePerCustomer && (customer.userId || customer.email) && (await usesOf(db, row.code, { customer, exceptOrderId })) > 0) return `You have already used the code ${code}`;
  if (lines.length > 0 && eligibleSubtotal(lines, ruleOf(row)) === 0) return `The code ${code} is not valid for the items in your cart`;
  const subtotal = lines.reduce((sum, l) => sum + l.unitPriceCents * l.quantity, 0);
  if (row.minSubtotalCents !== null && lines.length > 0 && subtotal < row.minSubtotalCents) return `The code ${code} needs a subtotal of at least ${dollars(row.minSubtotalCents)}`;
  return null;
}

/**
 * The discount a code gives these lines, or a 400 saying why it can't be used (unknown or disabled, not started,
 * expired, used up, already used by this customer, not for these items, below the minimum). No code: null.
 */
export async function findDiscount(db: Tx, code: string | undefined, now: Date, { lines = [], customer = { userId: null }, forOrderId }: { lines?: PricedLine[]; customer?: Customer; forOrderId?: string } = {}): Promise<Discount | null> {
  if (!code) return null;
  const normalized = code.trim().toUpperCase();
  const [row] = await db.select().from(discountCodes).where(eq(discountCodes.code, normalized));
  const why = await refusal(db, row, normalized, { lines, customer, now, exceptOrderId: forOrderId });
  if (why) throw refuse(why);
  return { code: row!.code, rule: ruleOf(row!) };
}

/**
 * Holds a use of the code for a new order, atomically: the code's row is locked while its uses are counted and the
 * hold written, so concurrent checkouts can't together pass a usage limit or a once-per-customer rule.
 */
export async function holdDiscount(tx: Tx, discount: Discount | null, order: { id: string; userId: string | null; email: string }, lines: PricedLine[], now: Date): Promise<void> {
  if (!discount) return;
  const [row] = await tx.select().from(discountCodes).where(eq(discountCodes.code, discount.code)).for("update");
  const why = await refusal(tx, row, discount.code, { lines, customer: { userId: order.userId, email: order.email }, now, exceptOrderId: order.id });
  if (why) throw refuse(why);
  await tx
    .insert(discountRedemptions)
    .values({ orderId: order.id, code: discount.code, userId: order.userId, email: order.email.toLowerCase(), state: "held", createdAt: now })
    .onConflictDoUpdate({ target: discountRedemptions.orderId, set: { state: "held" } });
}

/** Gives an ended order's use of its code back (an unpaid checkout ending, or staff canceling a paid order). */
export async function releaseDiscount(tx: Tx, orderId: string): Promise<void> {
  await tx.update(discountRedemptions).set({ state: "released" }).where(and(eq(discountRedemptions.orderId, orderId), ne(discountRedemptions.state, "released")));
}

/**
 * Counts the use when the order is paid. A payment that lands after its checkout lapsed (its hold released) takes the
 * use again only while the code still allows it; false means it doesn't, and the order is refunded like one whose
 * stock was sold meanwhile.
 */
export async function spendDiscount(tx: Tx, order: { id: string; userId: string | null; email: string }): Promise<boolean> {
  const [use] = await tx.select().from(discountRedemptions).where(eq(discountRedemptions.orderId, order.id));
  if (!use) return true;
  if (use.state === "released") {
    const [row] = await tx.select().from(discountCodes).where(eq(discountCodes.code, use.code)).for("update");
    // Only the limits: the code was valid when checkout began, even if it has ended since.
    if (row?.usageLimit != null && (await usesOf(tx, use.code, { exceptOrderId: order.id })) >= row.usageLimit) return false;
    if (row?.oncePerCustomer && (await usesOf(tx, use.code, { customer: { userId: order.userId, email: order.email }, exceptOrderId: order.id })) > 0) return false;
  }
  await tx.update(discountRedemptions).set({ state: "paid" }).where(eq(discountRedemptions.orderId, order.id));
  return true;
}

/** A code's effect in words: "20% off", "$10.00 off" or "Free shipping", then "on Men's and Kids'" when limited. */
export async function describeDiscount(db: Pick<Database, "select">, rule: DiscountRule): Promise<string> {
  const what = rule.kind === "percent" ? `${rule.percent}% off` : rule.kind === "fixed" ? `${dollars(rule.amountCents)} off` : "Free shipping";
  if (rule.collectionIds.length === 0) return what;
  const names = (await db.select({ name: categories.name }).from(categories).where(inArray(categories.id, rule.collectionIds))).map((c) => c.name);
  return `${what} on ${names.length > 1 ? `${names.slice(0, -1).join(", ")} and ${names.at(-1)}` : names[0]}`;
}
