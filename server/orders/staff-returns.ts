import { and, asc, desc, eq, inArray } from "drizzle-orm";
import type { Database } from "../db/client";
import { orderItems, orders, type ReturnStatus, returnItems, returns } from "../db/schema";
import { AppError } from "../errors";
import type { StoreInfo } from "../mail/components/layout";
import { orderNoticeEmail } from "../mail/order-notice";
import { toDollars } from "../catalog/product-json";
import type { OrderDeps } from "./order-deps";
import type { ReturnDecision } from "./refund-schemas";
import { issueRefundRow, refundForLines, restockLines, writeRefund } from "./refunds";
import { checkExchanges, exchangesOf, makeExchangeOrder, reserveExchange } from "./return-exchanges";

const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

/** Returns for staff, newest first, by status: each with its order, shopper and lines. */
export async function listReturns({ db, status, orderNumber, returnNumber }: { db: Database; status?: ReturnStatus; orderNumber?: string; returnNumber?: string }) {
  const rows = await db
    .select({ ret: returns, orderNumber: orders.orderNumber, email: orders.email, name: orders.shippingName })
    .from(returns)
    .innerJoin(orders, eq(orders.id, returns.orderId))
    .where(and(status ? eq(returns.status, status) : undefined, orderNumber ? eq(orders.orderNumber, orderNumber) : undefined, returnNumber ? eq(returns.returnNumber, returnNumber) : undefined))
    .orderBy(desc(returns.createdAt))
    .limit(200);
  const lines = rows.length
    ? await db
        .select({ returnId: returnItems.returnId, itemId: returnItems.orderItemId, quantity: returnItems.quantity, name: orderItems.name, color: orderItems.color, size: orderItems.size })
        .from(returnItems)
        .innerJoin(orderItems, eq(orderItems.id, returnItems.orderItemId))
        .where(inArray(returnItems.returnId, rows.map((r) => r.ret.id)))
        .orderBy(asc(returnItems.orderItemId))
    : [];
  const exchanges = await exchangesOf(db, rows.map((r) => r.ret.id));
  const exchangeOrders = rows.some((r) => r.ret.exchangeOrderId)
    ? await db.select({ id: orders.id, orderNumber: orders.orderNumber }).from(orders).where(inArray(orders.id, rows.flatMap((r) => (r.ret.exchangeOrderId ? [r.ret.exchangeOrderId] : []))))
    : [];
  return {
    returns: rows.map(({ ret, ...order }) => ({
      returnNumber: ret.returnNumber,
      status: ret.status,
      reason: ret.reason,
      staffNote: ret.staffNote,
      refund: ret.refundCents === null ? null : toDollars(ret.refundCents),
      resolution: ret.resolution,
      restocked: ret.restocked,
      createdAt: ret.createdAt.toISOString(),
      order,
      items: lines
        .filter((l) => l.returnId === ret.id)
        .map(({ returnId: _r, ...l }) => {
          const swap = exchanges.find((e) => e.returnId === ret.id && e.itemId === l.itemId);
          return { ...l, exchange: swap ? { variantId: swap.variantId, color: swap.color, size: swap.size } : null };
        }),
      /** An exchange's replacement order, once the parcel arrived (issue 51). */
      exchangeOrderNumber: exchangeOrders.find((o) => o.id === ret.exchangeOrderId)?.orderNumber ?? null,
    })),
  };
}

const NEXT: Record<ReturnDecision["action"], { from: ReturnStatus; to: ReturnStatus }> = {
  approve: { from: "requested", to: "approved" },
  refuse: { from: "requested", to: "refused" },
  receive: { from: "approved", to: "received" },
};

/**
 * Staff decide a return: approving refunds its lines (their share of discount and tax) through the provider at once;
 * refusing tells the shopper why; receiving the parcel may put the units back on sale. The shopper is emailed each time.
 */
export async function decideReturn(deps: OrderDeps & { returnNumber: string; decision: ReturnDecision; actor: string }) {
  const { db, decision } = deps;
  const now = deps.now();
  const outcome = await db.transaction(async (tx) => {
    const t = tx as unknown as Database;
    const [ret] = await t.select().from(returns).where(eq(returns.returnNumber, deps.returnNumber)).for("update");
    if (!ret) throw new AppError("not_found", "Return not found");
    const step = NEXT[decision.action];
    if (ret.status !== step.from) throw new AppError("conflict", `Return ${ret.returnNumber} is ${ret.status}: it can't be ${step.to} now`);
    const [order] = await t.select().from(orders).where(eq(orders.id, ret.orderId)).for("update");
    const lines = (await t.select().from(returnItems).where(eq(returnItems.returnId, ret.id))).map((l) => ({ itemId: l.orderItemId, quantity: l.quantity }));
    let refundId: string | null = null;
    let refundCents: number | null = ret.refundCents;
    const resolution = decision.action === "approve" ? (decision.resolution ?? ret.resolution) : ret.resolution;
    let exchangeOrderId = ret.exchangeOrderId;
    if (decision.action === "approve" && resolution === "exchange") {
      // Staff's sizes replace the shopper's; either way every line needs one, at the same price (checkExchanges).
      const chosen = decision.exchanges ?? (await exchangesOf(t, [ret.id])).map((e) => ({ itemId: e.itemId, variantId: e.variantId }));
      const exchanges = await checkExchanges(t, order!.id, lines, chosen);
      for (const [itemId, variantId] of exchanges) await t.update(returnItems).set({ exchangeVariantId: variantId }).where(and(eq(returnItems.returnId, ret.id), eq(returnItems.orderItemId, itemId)));
      await reserveExchange(t, ret.id);
      refundCents = null;
    } else if (decision.action === "approve") {
      if (decision.exchanges) throw new AppError("bad_request", "Invalid return decision: exchanges: only an exchange names what to send instead");
      refundCents = await refundForLines(t, order!, lines);
      const asStoreCredit = resolution === "store_credit";
      refundId = (await writeRefund(t, order!, { amountCents: refundCents, reason: `Return ${ret.returnNumber}: ${ret.reason}`, actor: deps.actor, lines, returnId: ret.id, asStoreCredit, now })).id;
    }
    const restock = decision.action === "receive" && decision.restock;
    if (restock) await restockLines(t, order!.id, lines);
    if (decision.action === "receive" && resolution === "exchange") exchangeOrderId = await makeExchangeOrder(t, order!, ret, deps.actor, now);
    await t
      .update(returns)
      .set({ status: step.to, refundCents, resolution, exchangeOrderId, staffNote: decision.action === "approve" ? ret.staffNote : (decision.note ?? ret.staffNote), restocked: decision.action === "receive" ? decision.restock : ret.restocked, updatedAt: now })
      .where(eq(returns.id, ret.id));
    return { order: order!, ret: { ...ret, resolution, exchangeOrderId }, refundId, refundCents };
  });
  if (outcome.refundId) await issueRefundRow(deps, outcome.refundId);
  await noticeFor(outcome, decision, deps)
    .then((mail) => deps.mailer.send(mail))
    .catch((err) => deps.logger.error({ err }, "return email failed"));
  return (await listReturns({ db, returnNumber: deps.returnNumber })).returns[0]!;
}

function noticeFor({ order, ret, refundCents }: { order: typeof orders.$inferSelect; ret: typeof returns.$inferSelect; refundCents: number | null }, decision: ReturnDecision, { storeUrl, storeIdentity }: StoreInfo) {
  const base = { order, storeUrl, storeIdentity };
  if (decision.action === "approve" && ret.resolution === "exchange") {
    return orderNoticeEmail({
      ...base,
      subject: `Return ${ret.returnNumber} approved: your exchange is held for you`,
      heading: "Your exchange is approved",
      paragraphs: [`We've set aside the new size or colour for return ${ret.returnNumber}. Please send the items back within 14 days, with the order number in the parcel: we ship the exchange as soon as they arrive.`],
    });
  }
  if (decision.action === "approve") {
    return orderNoticeEmail({
      ...base,
      subject: `Return ${ret.returnNumber} approved: ${dollars(refundCents!)} ${ret.resolution === "store_credit" ? "in store credit" : "refunded"}`,
      heading: "Your return is approved",
      paragraphs: [
        ret.resolution === "store_credit"
          ? `We've added ${dollars(refundCents!)} of store credit for return ${ret.returnNumber}. Sign in to spend it at checkout; your account page shows the balance.`
          : `We've refunded ${dollars(refundCents!)} for return ${ret.returnNumber} to the card you paid with; your bank may take 5-10 business days to show it.`, "Please send the items back within 14 days, with the order number in the parcel."],
    });
  }
  if (decision.action === "refuse") {
    return orderNoticeEmail({ ...base, subject: `About your return ${ret.returnNumber}`, heading: "We can't accept this return", paragraphs: [decision.note, "Reply to this email if you'd like to talk it over."] });
  }
  const exchange = ret.resolution === "exchange" ? ["Your exchange is on its way next: we'll email you when it ships."] : [];
  return orderNoticeEmail({ ...base, subject: `We received your return ${ret.returnNumber}`, heading: "Your return has arrived", paragraphs: [`The items of return ${ret.returnNumber} are back with us. Thank you.`, ...exchange, ...(decision.note ? [decision.note] : [])] });
}


