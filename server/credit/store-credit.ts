import { and, desc, eq, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { orders, storeCreditEntries, type StoreCreditKind, users } from "../db/schema";
import { AppError } from "../errors";

type Tx = Pick<Database, "select" | "insert" | "execute">;

/** The ledger's key: a customer's email, lowercased (a guest's return and the account with that email share it). */
export const creditKey = (email: string) => email.trim().toLowerCase();

/**
 * Serialises every change to one customer's credit until the transaction ends (PGlite and PostgreSQL alike). The
 * balance is read after it, so two checkouts spending the same credit take turns and the second sees the first's row.
 */
export async function lockCredit(tx: Tx, email: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`store-credit:${creditKey(email)}`}, 0))`);
}

/** The sum of the customer's entries. */
export async function creditBalance(db: Pick<Database, "select">, email: string): Promise<number> {
  const [row] = await db.select({ cents: sql<number>`coalesce(sum(${storeCreditEntries.amountCents}), 0)::int` }).from(storeCreditEntries).where(eq(storeCreditEntries.email, creditKey(email)));
  return row?.cents ?? 0;
}

export interface CreditMovement {
  email: string;
  amountCents: number;
  kind: StoreCreditKind;
  reason: string;
  actor: string;
  orderId?: string | null;
  returnId?: string | null;
  now: Date;
}

/**
 * Writes one movement under the customer's lock, in the caller's transaction. A movement that would take the balance
 * below zero is refused (409): the lock makes the check and the row one step for every process.
 */
export async function moveCredit(tx: Tx, m: CreditMovement): Promise<{ balanceCents: number }> {
  if (!Number.isInteger(m.amountCents) || m.amountCents === 0) throw new AppError("bad_request", "The amount must be a whole number of cents, not zero");
  await lockCredit(tx, m.email);
  const before = await creditBalance(tx, m.email);
  if (before + m.amountCents < 0) throw new AppError("conflict", `Only $${(before / 100).toFixed(2)} of store credit is available`);
  await tx.insert(storeCreditEntries).values({ email: creditKey(m.email), amountCents: m.amountCents, kind: m.kind, reason: m.reason, actor: m.actor, orderId: m.orderId ?? null, returnId: m.returnId ?? null, createdAt: m.now });
  return { balanceCents: before + m.amountCents };
}

/** What an order's checkout spent and has not had back: the negative of the sum of its checkout rows. */
export async function creditHeldBy(db: Pick<Database, "select">, orderId: string): Promise<number> {
  const [row] = await db
    .select({ cents: sql<number>`coalesce(sum(${storeCreditEntries.amountCents}), 0)::int` })
    .from(storeCreditEntries)
    .where(and(eq(storeCreditEntries.orderId, orderId), eq(storeCreditEntries.kind, "checkout")));
  return -(row?.cents ?? 0);
}

type CreditOrder = { id: string; email: string; orderNumber: string; userId: string | null };

/**
 * Whose ledger an order's credit goes back to: the account that spent credit on it; else the order's account; else
 * the email it was placed with (a guest's return).
 */
export async function creditOwnerOf(tx: Pick<Database, "select">, order: CreditOrder): Promise<string> {
  const [spent] = await tx.select({ email: storeCreditEntries.email }).from(storeCreditEntries).where(and(eq(storeCreditEntries.orderId, order.id), eq(storeCreditEntries.kind, "checkout"))).limit(1);
  if (spent) return spent.email;
  const [account] = order.userId ? await tx.select({ email: users.email }).from(users).where(eq(users.id, order.userId)) : [];
  return creditKey(account?.email ?? order.email);
}

/**
 * Gives back what an order's checkout spent when it ends unpaid (canceled, expired) or is canceled after payment.
 * Idempotent: it returns only what is still held, so a second call writes nothing.
 */
export async function restoreOrderCredit(tx: Tx, order: CreditOrder, reason: string, now: Date): Promise<number> {
  const email = await creditOwnerOf(tx, order);
  await lockCredit(tx, email);
  // Less what refunds already gave back as credit (a paid order canceled after a partial refund).
  const held = (await creditHeldBy(tx, order.id)) - (await creditRefundedFor(tx, order.id));
  if (held <= 0) return 0;
  await tx.insert(storeCreditEntries).values({ email, amountCents: held, kind: "checkout", reason: `Order ${order.orderNumber} ${reason}`, actor: "system", orderId: order.id, createdAt: now });
  return held;
}

/** Store credit given back by an order's refunds so far (the refund rule of decision 0054). */
export async function creditRefundedFor(db: Pick<Database, "select">, orderId: string): Promise<number> {
  const [row] = await db
    .select({ cents: sql<number>`coalesce(sum(${storeCreditEntries.amountCents}), 0)::int` })
    .from(storeCreditEntries)
    .where(and(eq(storeCreditEntries.orderId, orderId), sql`${storeCreditEntries.kind} in ('refund', 'return')`));
  return row?.cents ?? 0;
}

/** The balance and every movement, newest first (the account page, GET /api/account/credit). */
export async function listCredit({ db, email }: { db: Database; email: string }) {
  const rows = await db
    .select({ entry: storeCreditEntries, orderNumber: orders.orderNumber })
    .from(storeCreditEntries)
    .leftJoin(orders, eq(orders.id, storeCreditEntries.orderId))
    .where(eq(storeCreditEntries.email, creditKey(email)))
    .orderBy(desc(storeCreditEntries.createdAt), desc(storeCreditEntries.id))
    .limit(200);
  return {
    balanceCents: await creditBalance(db, email),
    entries: rows.map(({ entry: r, orderNumber }) => ({ id: r.id, amountCents: r.amountCents, kind: r.kind, reason: r.reason, orderNumber, createdAt: r.createdAt.toISOString() })),
  };
}
export type CreditAnswer = Awaited<ReturnType<typeof listCredit>>;

/** The signed-in account's email (the ledger's key) and balance; null for a guest. Only an account spends credit. */
export async function accountCredit(db: Pick<Database, "select">, userId: string | null): Promise<{ email: string; balanceCents: number } | null> {
  if (!userId) return null;
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  if (!user) return null;
  return { email: creditKey(user.email), balanceCents: await creditBalance(db, user.email) };
}

export const GUEST_CREDIT = "Sign in to use your store credit.";

/** An order paid by store credit alone has a payment id with this prefix (the confirmation page finds its order by it). */
export const CREDIT_INTENT = "pi_credit_";
export const isCreditPayment = (intentId: string | null) => Boolean(intentId?.startsWith(CREDIT_INTENT));
