import { type SQL, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { rowsOf } from "../db/rows";
import type { OrderRow } from "../db/schema";
import { FUNNEL_SESSION_PATTERN, type FunnelStage } from "../../shared/funnel";
import type { Logger } from "../logger";
import { type CartOwner, findCartId } from "../cart/cart-owner";

/** How long a session's rows are kept once counted: enough to count each session's stage once (decision 0057). */
export const FUNNEL_ROWS_KEPT_DAYS = 7;

export interface FunnelDeps {
  db: Database;
  timeZone: () => Promise<string>;
  logger: Pick<Logger, "warn">;
}

/** A header's value as a session id, or null (an old page, an API client, or anything forged: not counted). */
export function funnelSessionOf(value: string | undefined | null): string | null {
  return value && FUNNEL_SESSION_PATTERN.test(value) ? value : null;
}

/**
 * The funnel's counting (issue 52, decision 0057): a stage reached by an anonymous session, for the session as a whole
 * (product 0) and for each product it reached it with, written once (a second time changes nothing). Counting never
 * fails the shopper's call it rides on: a failure is logged and forgotten.
 */
export function createFunnelService({ db, timeZone, logger }: FunnelDeps) {
  /** Notes `stage` for the session and the products `products` (a query answering product_id) picks. */
  async function note(sessionId: string | null, stage: FunnelStage, products: SQL): Promise<void> {
    if (!sessionId) return;
    try {
      // The session's own row only with at least one product's: an unknown product or an empty cart counts nothing.
      await db.execute(sql`
        with picked as (select product_id from (${products}) p)
        insert into funnel_events (session_id, stage, product_id)
        select ${sessionId}::uuid, ${stage}, product_id from (select product_id from picked union select 0 where exists (select 1 from picked)) p
        on conflict do nothing`);
    } catch (err) {
      logger.warn({ err, stage }, "funnel stage not counted");
    }
  }

  return {
    /** The product page's beacon, once the page is idle: a product that exists (anything else counts nothing). */
    viewed: (sessionId: string | null, productId: number) =>
      note(sessionId, "view", sql`select id as product_id from products where id = ${productId} and status = 'active'`),
    /** A piece added to the cart (POST /api/cart/items). */
    addedToCart: (sessionId: string | null, productId: number) => note(sessionId, "cart", sql`select ${productId}::int as product_id`),
    /** The checkout's first quote (POST /api/checkout/quote), with what the cart holds. */
    async beganCheckout(sessionId: string | null, owner: CartOwner): Promise<void> {
      const cartId = sessionId ? await findCartId(db, owner) : null;
      if (cartId) await note(sessionId, "checkout", sql`select v.product_id from cart_items i join variants v on v.id = i.variant_id where i.cart_id = ${cartId}::uuid`);
    },
    /**
     * The payment set up (POST /api/create-payment-intent): the order keeps the session until it is paid, so its
     * payment (through the webhook, with no browser in it) counts as the session's. Paid already (credit paid it
     * all): counted at once.
     */
    async reachedPayment(sessionId: string | null, orderNumber: string): Promise<void> {
      if (!sessionId) return;
      const items = sql`select i.product_id from order_items i join orders o on o.id = i.order_id where o.order_number = ${orderNumber}`;
      await note(sessionId, "payment", items);
      try {
        const [order] = rowsOf<{ paid: boolean }>(
          await db.execute(sql`update orders set funnel_session = case when paid_at is null then ${sessionId}::uuid end where order_number = ${orderNumber} returning paid_at is not null as paid`),
        );
        if (order?.paid) await note(sessionId, "paid", items);
      } catch (err) {
        logger.warn({ err }, "funnel session not kept with the order");
      }
    },
    /** After a payment (markOrderPaid's afterPaid): the order's session paid; the order forgets it. */
    async paid(order: Pick<OrderRow, "id" | "funnelSession">): Promise<void> {
      if (!order.funnelSession) return;
      await note(order.funnelSession, "paid", sql`select product_id from order_items where order_id = ${order.id}::uuid`);
      await db.execute(sql`update orders set funnel_session = null where id = ${order.id}::uuid`);
    },
    /**
     * The minute job: adds the rows not yet counted to the daily counts (their day in the store's zone now), and
     * deletes counted rows older than a week. One statement claims and counts them, so two runs never count a row twice.
     */
    async rollUp(): Promise<number> {
      const zone = await timeZone();
      const [moved] = rowsOf<{ n: number }>(
        await db.execute(sql`
          with moved as (
            update funnel_events set rolled_up = true where not rolled_up returning created_at, stage, product_id
          ), added as (
            insert into funnel_daily (day, stage, product_id, sessions)
            select (created_at at time zone ${zone})::date, stage, product_id, count(*)::int from moved group by 1, 2, 3
            on conflict (day, stage, product_id) do update set sessions = funnel_daily.sessions + excluded.sessions
            returning 1
          )
          select (select count(*) from moved)::int as n`),
      );
      await db.execute(sql`delete from funnel_events where rolled_up and created_at < now() - make_interval(days => ${FUNNEL_ROWS_KEPT_DAYS})`);
      return moved?.n ?? 0;
    },
  };
}

export type FunnelService = ReturnType<typeof createFunnelService>;
