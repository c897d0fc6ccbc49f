import { and, eq, isNull } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "../db/client";
import { giftCards, orders } from "../db/schema";
import type { MailingDeps } from "../mail/mail-deps";
import { noticeEmail } from "../mail/notice-email";
import { generateGiftCardCode, hashGiftCardCode, last4Of } from "./gift-card-code";
import { giftCardBalances } from "./gift-card-ledger";

export const sendGiftCardJobSchema = z.object({ giftCardId: z.uuid() }).strict();

const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;
const LONG_DATE = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" });

/**
 * Emails one bought card, exactly once (the send-gift-card job; its singleton key is the card). Its code is made
 * here and only its hash and last 4 are stored, with sent_at, in one statement that finds the card still unsent: a
 * second run finds it sent and does nothing. Should the mail fail, the card is left unsent (its fresh code was never
 * shown to anyone) and the next run makes another.
 */
export async function sendGiftCard(deps: MailingDeps, giftCardId: string): Promise<boolean> {
  const { db, now } = deps;
  const [card] = await db
    .select({ card: giftCards, orderNumber: orders.orderNumber, buyerName: orders.shippingName, buyerEmail: orders.email })
    .from(giftCards)
    .innerJoin(orders, eq(orders.id, giftCards.orderId))
    .where(eq(giftCards.id, giftCardId));
  if (!card || card.card.sentAt || card.card.status !== "active") return false;
  const code = generateGiftCardCode();
  const balance = (await giftCardBalances(db, [giftCardId])).get(giftCardId)!;
  const mail = await giftCardEmail(deps, { ...card, code, balanceCents: balance });
  // Claimed with the code's hash before the mail goes: two runs at once can't both send (the second finds it taken).
  const claimed = await db
    .update(giftCards)
    .set({ codeHash: hashGiftCardCode(code), last4: last4Of(code), sentAt: now() })
    .where(and(eq(giftCards.id, giftCardId), isNull(giftCards.sentAt)))
    .returning({ id: giftCards.id });
  if (claimed.length === 0) return false;
  try {
    await deps.mailer.send(mail);
  } catch (err) {
    await undoClaim(db, giftCardId);
    throw err;
  }
  return true;
}

/** The mail didn't go: the card is unsent again, without a code (the one just made was never shown). */
async function undoClaim(db: Database, giftCardId: string) {
  await db.update(giftCards).set({ codeHash: null, last4: null, sentAt: null }).where(eq(giftCards.id, giftCardId));
}

async function giftCardEmail(deps: MailingDeps, c: { card: typeof giftCards.$inferSelect; code: string; balanceCents: number; buyerName: string; buyerEmail: string }) {
  const forBuyer = c.card.recipientEmail === c.buyerEmail.toLowerCase();
  const amount = dollars(c.balanceCents);
  const expiry = c.card.expiresAt ? `It can be used until ${LONG_DATE.format(c.card.expiresAt)}.` : "It never expires.";
  return noticeEmail({
    ...deps,
    to: c.card.recipientEmail!,
    subject: ({ name }) => (forBuyer ? `Your ${amount} ${name} gift card` : `${c.buyerName} sent you a ${amount} ${name} gift card`),
    heading: forBuyer ? `Your ${amount} gift card` : `A ${amount} gift card from ${c.buyerName}`,
    paragraphs: [
      ...(c.card.message ? [`"${c.card.message}"`, `- ${c.buyerName}`] : []),
      `Your gift card code: ${c.code}`,
      `Enter it at checkout to pay with it; what you don't spend stays on the card for next time. ${expiry}`,
      "Keep this code safe: anyone who has it can spend the card.",
    ],
    action: { label: "Start shopping", url: deps.storeUrl },
  });
}
