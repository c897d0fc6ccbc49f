import { createHash, randomBytes } from "node:crypto";
import { and, asc, eq } from "drizzle-orm";
import type { Database } from "../db/client";
import { orderEdits, type OrderEditRow, orderItems, orders, type OrderRow, refunds } from "../db/schema";
import { dropLimitRefusal } from "../drops/drop-limits";
import { AppError } from "../errors";
import type { OrderDeps } from "../orders/order-deps";
import { recordOrderEvent } from "../orders/order-events";
import { issueRefundRow } from "../orders/refunds";
import { moveStock, type StockMove } from "../orders/stock";
import { type PlannedOrder, planEdit, shortStockError } from "./edit-plan";
import { sendEditEmail } from "./edit-emails";
import type { OrderEditInput } from "./edit-schemas";
import { endEdit } from "./settle-edit";
import { assertEditable, writePlan } from "./write-plan";

/** How long the shopper has to pay a higher total (issue 51). */
export const EDIT_PAYMENT_HOURS = 72;
const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;
export const tokenHash = (token: string) => createHash("sha256").update(token).digest("hex");

export interface EditAnswer {
  edit: { id: string | null; status: "applied" | "awaiting_payment"; differenceCents: number; paymentUrl?: string; changes: string[] };
  plan: PlannedOrder;
}

/**
 * An order edit by staff (issue 51, decision 0056). Priced first, outside any lock (priceOrder, with the order's own
 * rules); then, in one transaction with the order locked and unchanged since: the drop's per-customer limit, the
 * stock (taken now, or reserved while the shopper pays), the order rewritten or the edit held, the refund written.
 * A lower total is refunded through the provider after the commit; a higher one gets a payment and a link; $0 is
 * applied at once. `preview` prices and writes nothing.
 */
export async function editOrder(deps: OrderDeps & { orderNumber: string; input: OrderEditInput; preview: boolean; actor: string; actorName: string }): Promise<EditAnswer> {
  const { db, now } = deps;
  const [order] = await db.select().from(orders).where(eq(orders.orderNumber, deps.orderNumber));
  if (!order) throw new AppError("not_found", "Order not found");
  await assertEditable(db, order);
  const items = await db.select().from(orderItems).where(eq(orderItems.orderId, order.id)).orderBy(asc(orderItems.id));
  const { plan, summary } = await planEdit(deps, { order, items, changes: deps.input.changes });
  const differenceCents = plan.totals.totalCents - order.totalCents;
  const status = differenceCents > 0 ? "awaiting_payment" : "applied";
  const buyer = { userId: order.userId, email: order.email, address: plan.address };
  if (deps.preview) {
    // The preview says what applying would: the drop's limit too (counted again, locked, when applying).
    const overLimit = await dropLimitRefusal(db, { buyer, items: plan.lines, now: now(), exceptOrderIds: [order.id] });
    if (overLimit) throw new AppError("conflict", overLimit);
    return { edit: { id: null, status, differenceCents, changes: summary }, plan };
  }

  const token = status === "awaiting_payment" ? randomBytes(32).toString("base64url") : null;
  const { edit, refundId, locked } = await db.transaction(async (tx) => {
    const t = tx as unknown as Database;
    const [locked] = await t.select().from(orders).where(eq(orders.id, order.id)).for("update");
    if (!locked || locked.updatedAt.getTime() !== order.updatedAt.getTime()) throw new AppError("conflict", `Order ${order.orderNumber} changed while this edit was priced: please look at it again`);
    await assertEditable(t, locked);
    // A drop's per-customer limit, counted with the buyer locked until this transaction ends (DESIGN §11).
    const overLimit = await dropLimitRefusal(t, { buyer, items: plan.lines, now: now(), exceptOrderIds: [order.id] });
    if (overLimit) throw new AppError("conflict", overLimit);
    const moves: StockMove[] =
      status === "applied"
        ? plan.stock.map((s) => (s.quantity > 0 ? { variantId: s.variantId, quantity: s.quantity, how: "take" } : { variantId: s.variantId, quantity: -s.quantity, how: "restock" }))
        : plan.stock.filter((s) => s.quantity > 0).map((s) => ({ variantId: s.variantId, quantity: s.quantity, how: "reserve" }));
    const short = await moveStock(t, moves);
    if (short) throw shortStockError(plan.lines.find((l) => l.variantId === short.variantId)!, 0);
    const [edit] = await t
      .insert(orderEdits)
      .values({
        orderId: order.id,
        status,
        changes: deps.input.changes,
        summary,
        plan,
        differenceCents,
        actor: deps.actor,
        actorName: deps.actorName,
        notify: deps.input.notify,
        tokenHash: token ? tokenHash(token) : null,
        expiresAt: token ? new Date(now().getTime() + EDIT_PAYMENT_HOURS * 3_600_000) : null,
        createdAt: now(),
        settledAt: status === "applied" ? now() : null,
      })
      .returning();
    let refundId: string | null = null;
    if (status === "applied") {
      await writePlan(t, order, plan, now());
      if (differenceCents < 0) {
        const [refund] = await t.insert(refunds).values({ orderId: order.id, amountCents: -differenceCents, reason: `Order edited: ${summary.join("; ")}`, actor: deps.actor, orderEditId: edit!.id, createdAt: now() }).returning({ id: refunds.id });
        refundId = refund!.id;
      }
    }
    const settled = differenceCents < 0 ? `; ${dollars(-differenceCents)} refunded` : differenceCents > 0 ? `; waiting for the shopper to pay ${dollars(differenceCents)}` : "; nothing to pay";
    await recordOrderEvent(t, { orderId: order.id, from: order.status, to: order.status, actor: deps.actor, note: `Edited by ${deps.actorName}: ${summary.join("; ")}${settled}`, at: now() });
    return { edit: edit!, refundId, locked };
  });

  if (refundId) await issueRefundRow(deps, refundId);
  if (status === "applied") {
    if (edit.notify) await sendEditEmail(deps, { order: { ...locked, totalCents: plan.totals.totalCents }, summary, differenceCents });
    return { edit: { id: edit.id, status, differenceCents, changes: summary }, plan };
  }
  const paymentUrl = `${deps.storeUrl}/orders/pay/${token}`;
  await openEditPayment(deps, edit, locked);
  if (edit.notify) await sendEditEmail(deps, { order: locked, summary, differenceCents, payment: { url: paymentUrl, expiresAt: edit.expiresAt! } });
  return { edit: { id: edit.id, status, differenceCents, paymentUrl, changes: summary }, plan };
}

/**
 * The payment of a higher total, with an idempotency key per edit. If the provider can't be reached, the edit is
 * canceled (its reserved units back on sale) and staff are told to try again: the order stays as it was.
 */
async function openEditPayment(deps: OrderDeps, edit: OrderEditRow, order: OrderRow): Promise<void> {
  try {
    const intent = await deps.payments.createPaymentIntent({ orderId: order.id, orderNumber: order.orderNumber, amountCents: edit.differenceCents, idempotencyKey: `order-edit-${edit.id}`, email: order.email });
    await deps.db.update(orderEdits).set({ paymentIntentId: intent.id }).where(eq(orderEdits.id, edit.id));
  } catch (err) {
    deps.logger.error({ err, orderNumber: order.orderNumber }, "the payment for an order edit could not be set up");
    await endEdit(deps, { editId: edit.id, status: "canceled", note: "The payment could not be set up; the order is unchanged" });
    throw new AppError("unavailable", "We couldn't set up the payment of the difference, so the order is unchanged. Please try again.");
  }
}

/** The order's edits, oldest first, for the staff and shopper pages. */
export async function listOrderEdits(db: Pick<Database, "select">, orderId: string) {
  const rows = await db.select().from(orderEdits).where(and(eq(orderEdits.orderId, orderId))).orderBy(asc(orderEdits.createdAt));
  return rows.map((e) => ({
    id: e.id,
    status: e.status,
    changes: e.summary,
    differenceCents: e.differenceCents,
    by: e.actorName,
    at: e.createdAt.toISOString(),
    settledAt: e.settledAt?.toISOString() ?? null,
    expiresAt: e.expiresAt?.toISOString() ?? null,
    paymentError: e.paymentError,
  }));
}

export type OrderEditEntry = Awaited<ReturnType<typeof listOrderEdits>>[number];
