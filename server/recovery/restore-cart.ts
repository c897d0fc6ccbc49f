import { and, eq, isNull, sql } from "drizzle-orm";
import { hashCartToken, newCartToken } from "../cart/cart-token";
import { type CartOwner, findCartId } from "../cart/cart-owner";
import type { Database } from "../db/client";
import { carts, checkoutRecoveries, orders, recoveryMessages, recoveryRestores } from "../db/schema";
import type { RecoveryLinks } from "./recovery-links";

export type RestoreOutcome = { restored: true; token?: string } | { restored: false; why: "forged" | "expired" | "purchased" };

/**
 * A recovery link opened (issue 31): its lines go into this browser's cart (a new one if it has none), on any device,
 * at today's prices and never beyond what is on sale, and the click is recorded (the email counts as opened, and an
 * order paid from this cart within 7 days counts as recovered). Refused when the link was not signed by this store,
 * has expired, or the address has paid for an order since it left the checkout.
 */
export async function restoreCart({ db, now, links, token, owner }: { db: Database; now: Date; links: RecoveryLinks; token: string; owner: CartOwner }): Promise<RestoreOutcome> {
  const link = await links.verify(token);
  if (!link) return { restored: false, why: "forged" };
  if (link.expires * 1000 <= now.getTime()) return { restored: false, why: "expired" };
  const [recovery] = await db.select().from(checkoutRecoveries).where(eq(checkoutRecoveries.id, link.recoveryId));
  if (!recovery) return { restored: false, why: "forged" };
  const [paid] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(sql`lower(${orders.email}) = ${recovery.email.toLowerCase()} and ${orders.paidAt} is not null and ${orders.paidAt} >= ${recovery.abandonedAt.toISOString()}::timestamptz`)
    .limit(1);
  if (paid || recovery.recoveredOrderId) return { restored: false, why: "purchased" };

  let newToken: string | undefined;
  let cartId = await findCartId(db, owner);
  if (!cartId) {
    newToken = owner.userId ? undefined : newCartToken();
    // A signed-in shopper's cart follows the account; a visitor's, the new cookie.
    const [made] = await db
      .insert(carts)
      .values({ tokenHash: hashCartToken(newToken ?? newCartToken()), userId: owner.userId })
      .onConflictDoNothing()
      .returning({ id: carts.id });
    cartId = made?.id ?? (await findCartId(db, owner));
  }
  await db.transaction(async (tx) => {
    // The checkout's cart as it is now; when it was emptied since, the lines the checkout had.
    const source = recovery.cartId ? sql`select variant_id, quantity from cart_items where cart_id = ${recovery.cartId}` : sql`select null::int as variant_id, 0 as quantity where false`;
    const fallback = sql`select variant_id, quantity from order_items where order_id = ${recovery.orderId}`;
    if (cartId !== recovery.cartId) {
      await tx.execute(sql`
        with wanted as (${source}),
        lines as (select * from wanted union all select * from (${fallback}) f where not exists (select 1 from wanted)),
        onsale as (
          select l.variant_id, least(l.quantity, greatest(v.on_hand - v.reserved, 0), 99) as quantity
          from lines l join variants v on v.id = l.variant_id join products p on p.id = v.product_id
          where p.status = 'active'
        )
        insert into cart_items (cart_id, variant_id, quantity)
        select ${cartId}, variant_id, quantity from onsale where quantity > 0
        on conflict (cart_id, variant_id) do update set quantity = greatest(cart_items.quantity, excluded.quantity)`);
      await tx.update(carts).set({ updatedAt: now }).where(eq(carts.id, cartId!));
    }
    await tx.insert(recoveryRestores).values({ recoveryId: recovery.id, cartId: cartId!, at: now });
    await tx
      .update(recoveryMessages)
      .set({ clickedAt: now })
      .where(and(eq(recoveryMessages.recoveryId, recovery.id), eq(recoveryMessages.step, link.step), sql`${recoveryMessages.outcome} <> 'skipped'`, isNull(recoveryMessages.clickedAt)));
  });
  return { restored: true, token: newToken };
}
