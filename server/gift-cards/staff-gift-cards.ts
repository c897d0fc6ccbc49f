import { desc, eq, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { giftCardEntries, giftCards, orders } from "../db/schema";
import { recordAudit } from "../audit/audit-log";
import { AppError } from "../errors";
import type { PublicStore } from "../../shared/store-settings";
import { generateGiftCardCode, hashGiftCardCode, last4Of } from "./gift-card-code";
import { giftCardBalances, moveGiftCard } from "./gift-card-ledger";
import type { AdjustGiftCard, GiftCardStatusChange, IssueGiftCard } from "./gift-card-schemas";

/** Countries whose law (most US states, most Canadian provinces) forbids or all but forbids an expiry: none by default. */
const NO_EXPIRY_COUNTRIES = new Set(["US", "CA"]);
const DEFAULT_EXPIRY_YEARS = 5;

/** The expiry a new card gets when staff don't choose one (decision 0055): none in the US and Canada, else 5 years. */
export function defaultGiftCardExpiry(legalCountry: string, now: Date): Date | null {
  if (NO_EXPIRY_COUNTRIES.has(legalCountry.toUpperCase())) return null;
  const at = new Date(now);
  at.setUTCFullYear(at.getUTCFullYear() + DEFAULT_EXPIRY_YEARS);
  return at;
}

type Deps = { db: Database; now: () => Date; store: () => Promise<PublicStore> };

/**
 * Staff issue a card (giftcards.write): a fresh code, of which only the hash and last 4 are stored, and its first
 * ledger row. The code is in this answer only.
 */
export async function issueGiftCard({ db, now, store, input, actor }: Deps & { input: IssueGiftCard; actor: string }) {
  const expiresAt = input.expiresAt === undefined ? defaultGiftCardExpiry((await store()).address.country, now()) : input.expiresAt;
  if (expiresAt && expiresAt <= now()) throw new AppError("bad_request", "Invalid gift card: expiresAt must be in the future");
  const code = generateGiftCardCode();
  const card = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(giftCards)
      .values({ codeHash: hashGiftCardCode(code), last4: last4Of(code), expiresAt, recipientEmail: input.recipientEmail?.toLowerCase() ?? null, sendAt: input.sendAt ?? null, issuedBy: actor, createdAt: now() })
      .returning();
    await tx.insert(giftCardEntries).values({ giftCardId: row!.id, amountCents: input.amountCents, kind: "issue", reason: "Issued by staff", actor, createdAt: now() });
    await recordAudit(tx, { actor, entity: "gift_card", entityId: row!.id, action: "gift_card.issue", after: { last4: row!.last4, amountCents: input.amountCents, expiresAt, recipientEmail: row!.recipientEmail } }, now());
    return row!;
  });
  return { id: card.id, code, last4: card.last4, balanceCents: input.amountCents, expiresAt: card.expiresAt?.toISOString() ?? null };
}

/** Staff add to or take off a card's balance, never below zero (409), audited in the same transaction. */
export async function adjustGiftCard({ db, now, id, input, actor }: Omit<Deps, "store"> & { id: string; input: AdjustGiftCard; actor: string }) {
  await db.transaction(async (tx) => {
    const t = tx as unknown as Database;
    await findCard(t, id);
    const { balanceCents } = await moveGiftCard(t, { giftCardId: id, amountCents: input.amountCents, kind: "staff", reason: input.reason, actor, now: now() });
    await recordAudit(t, { actor, entity: "gift_card", entityId: id, action: "gift_card.adjust", before: { balanceCents: balanceCents - input.amountCents }, after: { balanceCents, amountCents: input.amountCents, reason: input.reason } }, now());
  });
  return getGiftCard({ db, id });
}

/** Staff disable a card (it can't be added or spent; what open checkouts hold stays held) or enable it again. */
export async function setGiftCardStatus({ db, now, id, input, actor }: Omit<Deps, "store"> & { id: string; input: GiftCardStatusChange; actor: string }) {
  await db.transaction(async (tx) => {
    const before = await findCard(tx as unknown as Database, id);
    await tx.update(giftCards).set({ status: input.status }).where(eq(giftCards.id, id));
    await recordAudit(tx, { actor, entity: "gift_card", entityId: id, action: input.status === "disabled" ? "gift_card.disable" : "gift_card.enable", before: { status: before.status }, after: { status: input.status, reason: input.reason } }, now());
  });
  return getGiftCard({ db, id });
}

async function findCard(db: Database, id: string) {
  const [card] = await db.select().from(giftCards).where(eq(giftCards.id, id)).for("update");
  if (!card) throw new AppError("not_found", "Gift card not found");
  return card;
}

const initialCents = sql<number>`coalesce((select sum(e.amount_cents) from ${giftCardEntries} e where e.gift_card_id = ${giftCards.id} and e.kind = 'issue'), 0)::int`;
const balanceCents = sql<number>`coalesce((select sum(e.amount_cents) from ${giftCardEntries} e where e.gift_card_id = ${giftCards.id}), 0)::int`;

function cardJson(r: { card: typeof giftCards.$inferSelect; initialCents: number; balanceCents: number; orderNumber: string | null }) {
  const { card } = r;
  return {
    id: card.id,
    last4: card.last4,
    status: card.status,
    initialCents: r.initialCents,
    balanceCents: r.balanceCents,
    currency: card.currency,
    expiresAt: card.expiresAt?.toISOString() ?? null,
    recipientEmail: card.recipientEmail,
    sendAt: card.sendAt?.toISOString() ?? null,
    sentAt: card.sentAt?.toISOString() ?? null,
    issuedBy: card.issuedBy,
    orderNumber: r.orderNumber,
    createdAt: card.createdAt.toISOString(),
  };
}

const selection = { card: giftCards, initialCents, balanceCents, orderNumber: orders.orderNumber };

/** GET /api/admin/gift-cards: newest first, with last 4, balance and status (never a code: it isn't kept). */
export async function listGiftCards({ db }: { db: Database }) {
  const rows = await db.select(selection).from(giftCards).leftJoin(orders, eq(orders.id, giftCards.orderId)).orderBy(desc(giftCards.createdAt)).limit(500);
  return { giftCards: rows.map(cardJson) };
}

/** One card with its history (GET /api/admin/gift-cards/{id}). */
export async function getGiftCard({ db, id }: { db: Database; id: string }) {
  const [row] = await db.select(selection).from(giftCards).leftJoin(orders, eq(orders.id, giftCards.orderId)).where(eq(giftCards.id, id));
  if (!row) throw new AppError("not_found", "Gift card not found");
  const entries = await db.select({ entry: giftCardEntries, orderNumber: orders.orderNumber }).from(giftCardEntries).leftJoin(orders, eq(orders.id, giftCardEntries.orderId)).where(eq(giftCardEntries.giftCardId, id)).orderBy(desc(giftCardEntries.id));
  const balance = (await giftCardBalances(db, [id])).get(id)!;
  return {
    ...cardJson({ ...row, balanceCents: balance }),
    entries: entries.map(({ entry: e, orderNumber }) => ({ id: e.id, amountCents: e.amountCents, kind: e.kind, reason: e.reason, orderNumber, actor: e.actor, createdAt: e.createdAt.toISOString() })),
  };
}
