import { and, asc, eq, lte } from "drizzle-orm";
import type { Database } from "../db/client";
import { orderEdits, type OrderEditRow, orders, type OrderEditStatus } from "../db/schema";
import { recordEvent } from "../orders/mark-order-paid";
import type { OrderDeps } from "../orders/order-deps";
import { recordOrderEvent } from "../orders/order-events";
import { moveStock } from "../orders/stock";
import type { PlannedOrder } from "./edit-plan";
import { sendEditEmail } from "./edit-emails";
import { editRefusal, writePlan } from "./write-plan";

type EventRef = { id: string; type: string } | undefined;
const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;
const planOf = (edit: OrderEditRow) => edit.plan as PlannedOrder;
/** The units an edit waiting for payment holds. */
const reservedBy = (edit: OrderEditRow) => planOf(edit).stock.filter((s) => s.quantity > 0);

/** Whether a payment is an order edit's difference (the one payment-event handler asks before the order rules). */
export async function isEditPayment(db: Pick<Database, "select">, paymentIntentId: string): Promise<boolean> {
  const [row] = await db.select({ id: orderEdits.id }).from(orderEdits).where(eq(orderEdits.paymentIntentId, paymentIntentId));
  return row !== undefined;
}

/**
 * Ends an edit still waiting for payment (it lapsed, its payment was canceled or couldn't be set up): its reserved
 * units go back on sale and the order stays as it was. Returns the edit when this call ended it.
 */
export async function endEdit(deps: Pick<OrderDeps, "db" | "now">, args: { editId?: string; paymentIntentId?: string; status: Extract<OrderEditStatus, "expired" | "canceled">; note: string; event?: EventRef }): Promise<OrderEditRow | null> {
  return deps.db.transaction(async (tx) => {
    const t = tx as unknown as Database;
    if (!(await recordEvent(t, args.event))) return null;
    const [edit] = await t
      .select()
      .from(orderEdits)
      .where(args.editId ? eq(orderEdits.id, args.editId) : eq(orderEdits.paymentIntentId, args.paymentIntentId!))
      .for("update");
    if (!edit || edit.status !== "awaiting_payment") return null;
    await moveStock(t, reservedBy(edit).map((s) => ({ ...s, how: "release" })));
    const [ended] = await t.update(orderEdits).set({ status: args.status, settledAt: deps.now() }).where(eq(orderEdits.id, edit.id)).returning();
    const [order] = await t.select({ status: orders.status }).from(orders).where(eq(orders.id, edit.orderId));
    await recordOrderEvent(t, { orderId: edit.orderId, from: order!.status, to: order!.status, actor: "system", note: `Edit by ${edit.actorName} ${args.status}: ${args.note}`, at: deps.now() });
    return ended!;
  });
}

/**
 * The difference was paid (the provider's succeeded event, through the one handler): the held units are taken, the
 * units given up go back on sale and the order becomes what was priced, once. A payment that comes after the edit
 * lapsed, or after the order shipped or was refunded meanwhile, is refunded whole and the order stays as it was.
 */
export async function applyPaidEdit(deps: OrderDeps & { paymentIntentId: string; event?: EventRef }): Promise<void> {
  const { db, now } = deps;
  const outcome = await db.transaction(async (tx) => {
    const t = tx as unknown as Database;
    if (!(await recordEvent(t, deps.event))) return null;
    const [edit] = await t.select().from(orderEdits).where(eq(orderEdits.paymentIntentId, deps.paymentIntentId)).for("update");
    if (!edit || edit.status === "applied") return null;
    if (edit.status !== "awaiting_payment") return { refund: true as const, edit };
    const [order] = await t.select().from(orders).where(eq(orders.id, edit.orderId)).for("update");
    const refused = await editRefusal(t, order!, { waitingEditId: edit.id });
    if (refused) {
      await moveStock(t, reservedBy(edit).map((s) => ({ ...s, how: "release" })));
      await t.update(orderEdits).set({ status: "canceled", settledAt: now() }).where(eq(orderEdits.id, edit.id));
      await recordOrderEvent(t, { orderId: order!.id, from: order!.status, to: order!.status, actor: "payment", note: `Edit by ${edit.actorName} paid after the order changed (${refused}); the payment is refunded`, at: now() });
      return { refund: true as const, edit };
    }
    const plan = planOf(edit);
    await moveStock(t, plan.stock.map((s) => (s.quantity > 0 ? { variantId: s.variantId, quantity: s.quantity, how: "commit" as const } : { variantId: s.variantId, quantity: -s.quantity, how: "restock" as const })));
    await writePlan(t, order!, plan, now());
    await t.update(orderEdits).set({ status: "applied", settledAt: now(), paymentError: null }).where(eq(orderEdits.id, edit.id));
    await recordOrderEvent(t, { orderId: order!.id, from: order!.status, to: order!.status, actor: "payment", note: `Edit by ${edit.actorName} applied: the shopper paid ${dollars(edit.differenceCents)}`, at: now() });
    return { refund: false as const, edit, order: { ...order!, totalCents: plan.totals.totalCents } };
  });
  if (!outcome) return;
  if (outcome.refund) {
    await deps.payments.refundPaymentIntent(deps.paymentIntentId).catch((err: unknown) => deps.logger.error({ err, editId: outcome.edit.id }, "a late payment of an order edit could not be refunded: refund it from the provider's dashboard"));
    return;
  }
  if (outcome.edit.notify) await sendEditEmail(deps, { order: outcome.order, summary: outcome.edit.summary, differenceCents: outcome.edit.differenceCents, paid: true });
}

/** A declined payment of the difference: noted on the edit, which keeps waiting (the shopper may try another card). */
export async function failEditPayment(deps: Pick<OrderDeps, "db"> & { paymentIntentId: string; message: string | null; event?: EventRef }): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const t = tx as unknown as Database;
    if (!(await recordEvent(t, deps.event))) return;
    await t.update(orderEdits).set({ paymentError: deps.message ?? "The payment was declined" }).where(and(eq(orderEdits.paymentIntentId, deps.paymentIntentId), eq(orderEdits.status, "awaiting_payment")));
  });
}

/** The sweep (a pg-boss job): edits unpaid after their 72 hours lapse, their units back on sale, their payment canceled. */
export async function expireEdits(deps: OrderDeps): Promise<number> {
  const due = await deps.db
    .select({ id: orderEdits.id })
    .from(orderEdits)
    .where(and(eq(orderEdits.status, "awaiting_payment"), lte(orderEdits.expiresAt, deps.now())))
    .orderBy(asc(orderEdits.expiresAt))
    .limit(100);
  let expired = 0;
  for (const { id } of due) {
    const ended = await endEdit(deps, { editId: id, status: "expired", note: "not paid within 72 hours; the order is unchanged" });
    if (!ended) continue;
    expired++;
    if (ended.paymentIntentId) await deps.payments.cancelPaymentIntent(ended.paymentIntentId).catch((err: unknown) => deps.logger.warn({ err, editId: id }, "could not cancel a lapsed edit's payment"));
  }
  return expired;
}
