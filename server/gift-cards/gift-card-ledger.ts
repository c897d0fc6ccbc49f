import { and, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { giftCardEntries, type GiftCardEntryKind, giftCards } from "../db/schema";
import { AppError } from "../errors";
import { creditHeldBy, creditRefundedFor } from "../credit/store-credit";

type Tx = Pick<Database, "select" | "insert" | "execute">;

/**
 * Serialises every change to one card's balance until the transaction ends (DESIGN §11), as store credit's lock does
 * per customer: two checkouts spending the same card take turns, and the second reads the first's row.
 */
export async function lockGiftCards(tx: Tx, ids: string[]): Promise<void> {
  // Always in the same order, so two transactions locking the same cards never wait on each other in a circle.
  for (const id of [...new Set(ids)].sort()) await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`gift-card:${id}`}, 0))`);
}

/** Each card's balance: the sum of its entries. */
export async function giftCardBalances(db: Pick<Database, "select">, ids: string[]): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: giftCardEntries.giftCardId, cents: sql<number>`coalesce(sum(${giftCardEntries.amountCents}), 0)::int` })
    .from(giftCardEntries)
    .where(inArray(giftCardEntries.giftCardId, ids))
    .groupBy(giftCardEntries.giftCardId);
  return new Map(ids.map((id) => [id, rows.find((r) => r.id === id)?.cents ?? 0]));
}

export interface GiftCardMovement {
  giftCardId: string;
  amountCents: number;
  kind: GiftCardEntryKind;
  reason: string;
  actor: string;
  orderId?: string | null;
  now: Date;
}

/** Writes one movement under the card's lock, in the caller's transaction; one that would go below zero is refused (409). */
export async function moveGiftCard(tx: Tx, m: GiftCardMovement): Promise<{ balanceCents: number }> {
  if (!Number.isInteger(m.amountCents) || m.amountCents === 0) throw new AppError("bad_request", "The amount must be a whole number of cents, not zero");
  await lockGiftCards(tx, [m.giftCardId]);
  const before = (await giftCardBalances(tx, [m.giftCardId])).get(m.giftCardId)!;
  if (before + m.amountCents < 0) throw new AppError("conflict", `Only $${(before / 100).toFixed(2)} is left on this gift card`);
  await tx.insert(giftCardEntries).values({ giftCardId: m.giftCardId, amountCents: m.amountCents, kind: m.kind, reason: m.reason, actor: m.actor, orderId: m.orderId ?? null, createdAt: m.now });
  return { balanceCents: before + m.amountCents };
}

/** What an order's checkout took from each card and has not given back (the negative of its checkout rows' sum). */
export async function giftCardsHeldBy(db: Pick<Database, "select">, orderId: string): Promise<Map<string, number>> {
  const rows = await db
    .select({ id: giftCardEntries.giftCardId, cents: sql<number>`coalesce(sum(${giftCardEntries.amountCents}), 0)::int` })
    .from(giftCardEntries)
    .where(and(eq(giftCardEntries.orderId, orderId), eq(giftCardEntries.kind, "checkout")))
    .groupBy(giftCardEntries.giftCardId);
  return new Map(rows.map((r) => [r.id, -r.cents]));
}

/**
 * Gives each card back what an order's checkout took when the order ends unpaid (canceled, expired, replaced) or is
 * canceled. Idempotent: only what is still held comes back, so a second call writes nothing. Refunds that already came
 * back as store credit beyond what credit paid came out of the cards' part (decisions 0054, 0055): that much less comes
 * back to them, taken off the last card first.
 */
export async function restoreOrderGiftCards(tx: Tx, order: { id: string; orderNumber: string }, reason: string, now: Date): Promise<number> {
  const held = await giftCardsHeldBy(tx, order.id);
  if (held.size === 0) return 0;
  await lockGiftCards(tx, [...held.keys()]);
  let given = Math.max(0, (await creditRefundedFor(tx, order.id)) - (await creditHeldBy(tx, order.id)));
  const owed = [...(await giftCardsHeldBy(tx, order.id))].reverse().map(([giftCardId, cents]) => {
    const less = Math.min(Math.max(0, cents), given);
    given -= less;
    return [giftCardId, cents - less] as const;
  });
  let back = 0;
  for (const [giftCardId, cents] of owed.reverse()) {
    if (cents <= 0) continue;
    await tx.insert(giftCardEntries).values({ giftCardId, amountCents: cents, kind: "checkout", reason: `Order ${order.orderNumber} ${reason}`, actor: "system", orderId: order.id, createdAt: now });
    back += cents;
  }
  return back;
}

/** A card a shopper may spend now: active and not past its expiry. */
export function isSpendable(card: Pick<typeof giftCards.$inferSelect, "status" | "expiresAt">, now: Date): boolean {
  return card.status === "active" && (card.expiresAt === null || card.expiresAt > now);
}
