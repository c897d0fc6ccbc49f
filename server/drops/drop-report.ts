import { stringify } from "csv-stringify/sync";
import { sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { rowsOf } from "../db/rows";
import { dropLive, dropRow, sizeFigures, type SizeFigures } from "./drop-live";
import { countedOrder } from "./drop-reads";

const MINUTE_MS = 60_000;
/** Minutes from the open to an instant (negative: it sold out during early access). */
const minutesAfter = (opensAt: Date, iso: string | null) => (iso === null ? null : Math.round((Date.parse(iso) - opensAt.getTime()) / MINUTE_MS));

interface Extra {
  sent: number;
  used: number;
  buyers: number;
  waitlist: number;
  refunds: number;
  refunded_cents: number;
}

/**
 * Early access (invitations sent and used; buyers: used invitations whose email paid for a piece of the drop), the
 * waitlist (the drop's waitlist and alerts asked for its pieces' sizes) and refunds of its orders.
 */
async function extraFigures(db: Database, dropId: number): Promise<Extra> {
  const [row] = rowsOf<Extra>(
    await db.execute(sql`
      with counted as (
        select distinct o.id, lower(o.email) as email from orders o join order_items oi on oi.order_id = o.id join drops d on d.id = ${dropId}
        where oi.product_id in (select product_id from drop_products where drop_id = ${dropId}) and ${countedOrder("o", "d")}
      )
      select
        (select count(*) from drop_invitations where drop_id = ${dropId} and sent_at is not null)::int as sent,
        (select count(*) from drop_invitations where drop_id = ${dropId} and used_at is not null)::int as used,
        (select count(*) from drop_invitations i where i.drop_id = ${dropId} and i.used_at is not null
           and exists (select 1 from counted c where c.email = lower(i.email)))::int as buyers,
        (select count(*) from stock_alerts a left join variants v on v.id = a.variant_id
           where a.drop_id = ${dropId} or v.product_id in (select product_id from drop_products where drop_id = ${dropId}))::int as waitlist,
        (select count(*) from refunds r where r.order_id in (select id from counted))::int as refunds,
        (select coalesce(sum(r.amount_cents), 0) from refunds r where r.order_id in (select id from counted))::int as refunded_cents`),
  );
  return row!;
}

/** GET /api/admin/drops/{id}/report: the live figures, and after the drop what it came to. */
export async function dropReport({ db, now, id }: { db: Database; now: Date; id: number }) {
  const live = await dropLive({ db, now, id });
  const drop = await dropRow(db, id);
  const extra = await extraFigures(db, id);
  const sizes = live.sizes.map((s) => ({ ...s, minutesToSellOut: minutesAfter(drop.opensAt, s.soldOutAt) }));
  const allGone = sizes.length > 0 && sizes.every((s) => s.soldOutAt !== null);
  const lastOut = allGone ? sizes.map((s) => s.soldOutAt!).sort().at(-1)! : null;
  return {
    ...live,
    sizes,
    name: drop.name,
    slug: drop.slug,
    opensAt: drop.opensAt.toISOString(),
    soldOutAt: lastOut,
    minutesToSellOut: minutesAfter(drop.opensAt, lastOut),
    earlyAccess: {
      invitationsSent: extra.sent,
      invitationsUsed: extra.used,
      buyers: extra.buyers,
      conversionPercent: extra.used === 0 ? 0 : Math.round((1000 * extra.buyers) / extra.used) / 10,
    },
    waitlistSignUps: extra.waitlist,
    refunds: { count: extra.refunds, amountCents: extra.refunded_cents },
  };
}

export type DropReport = Awaited<ReturnType<typeof dropReport>>;

const COLUMNS = ["product_id", "product", "size", "sold", "on_hand", "starting_quantity", "sell_through_percent", "sold_out_at", "minutes_to_sell_out", "revenue_cents"];

const csvRow = (s: SizeFigures, opensAt: Date) => ({
  product_id: s.productId,
  product: s.product,
  size: s.size,
  sold: s.sold,
  on_hand: s.onHand,
  starting_quantity: s.startingQuantity,
  sell_through_percent: s.sellThroughPercent,
  sold_out_at: s.soldOutAt ?? "",
  minutes_to_sell_out: minutesAfter(opensAt, s.soldOutAt) ?? "",
  revenue_cents: s.revenueCents,
});

/**
 * GET /api/admin/drops/{id}/report.csv: one row per product and size, for a streamed download
 * (server/http/csv-download.ts). A drop's sizes are a few hundred rows at most, read in one statement, and written a
 * product at a time.
 */
export async function exportDropReport({ db, id }: { db: Database; id: number }): Promise<AsyncGenerator<string>> {
  // Read before the download starts, so an unknown drop is a 404 rather than a broken file.
  const drop = await dropRow(db, id);
  const sizes = await sizeFigures(db, drop);
  return (async function* () {
    yield stringify([], { header: true, columns: COLUMNS });
    for (const productId of new Set(sizes.map((s) => s.productId))) {
      yield stringify(
        sizes.filter((s) => s.productId === productId).map((s) => csvRow(s, drop.opensAt)),
        { columns: COLUMNS },
      );
    }
  })();
}
