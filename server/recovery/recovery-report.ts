import { sql } from "drizzle-orm";
import { RECOVERY_SKIP_REASONS, type RecoverySkipReason } from "../../shared/recovery";
import type { Database } from "../db/client";
import { rowsOf } from "../db/rows";

export interface RecoveryFigures {
  abandoned: number;
  sent: number;
  skipped: Record<RecoverySkipReason, number>;
  /** Emails whose link was opened (clicked: no pixels). */
  opened: number;
  recovered: number;
  revenueCents: number;
}

export interface RecoveryReport {
  days: ({ day: string } & RecoveryFigures)[];
  total: RecoveryFigures;
}

const empty = (): RecoveryFigures => ({ abandoned: 0, sent: 0, skipped: Object.fromEntries(RECOVERY_SKIP_REASONS.map((r) => [r, 0])) as Record<RecoverySkipReason, number>, opened: 0, recovered: 0, revenueCents: 0 });

/**
 * Marketing → Recovery (issue 31): per UTC day of the last `days` days (newest first) and in total over them, the
 * checkouts found left, emails sent and skipped by reason, links opened, and orders recovered with their revenue,
 * each counted on the day it happened.
 */
export async function recoveryReport({ db, now, days = 30 }: { db: Database; now: Date; days?: number }): Promise<RecoveryReport> {
  const from = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - days + 1)).toISOString();
  const rows = rowsOf<{ day: string; kind: string; reason: string | null; n: number; cents: number }>(
    await db.execute(sql`
      select to_char(detected_at at time zone 'UTC', 'YYYY-MM-DD') as day, 'abandoned' as kind, null as reason, count(*)::int as n, 0::int as cents
        from checkout_recoveries where detected_at >= ${from}::timestamptz group by 1
      union all
      select to_char(at at time zone 'UTC', 'YYYY-MM-DD'), case when outcome = 'skipped' then 'skipped' else 'sent' end, reason, count(*)::int, 0
        from recovery_messages where at >= ${from}::timestamptz group by 1, 2, 3
      union all
      select to_char(clicked_at at time zone 'UTC', 'YYYY-MM-DD'), 'opened', null, count(*)::int, 0
        from recovery_messages where clicked_at >= ${from}::timestamptz group by 1
      union all
      select to_char(recovered_at at time zone 'UTC', 'YYYY-MM-DD'), 'recovered', null, count(*)::int, coalesce(sum(recovered_cents), 0)::int
        from checkout_recoveries where recovered_at >= ${from}::timestamptz group by 1`),
  );
  const byDay = new Map<string, RecoveryFigures>();
  const total = empty();
  for (const row of rows) {
    const figures = byDay.get(row.day) ?? empty();
    byDay.set(row.day, figures);
    for (const f of [figures, total]) {
      if (row.kind === "skipped") f.skipped[row.reason as RecoverySkipReason] += row.n;
      else if (row.kind === "recovered") {
        f.recovered += row.n;
        f.revenueCents += row.cents;
      } else f[row.kind as "abandoned" | "sent" | "opened"] += row.n;
    }
  }
  const list = [...byDay.entries()].sort(([a], [b]) => (a < b ? 1 : -1)).map(([day, f]) => ({ day, ...f }));
  return { days: list, total };
}
