import { sql } from "drizzle-orm";
import type { DatabaseHandle } from "./client";
import { rowsOf } from "./rows";

/**
 * The work PostgreSQL's autovacuum does, where nothing else does it: reclaiming the rows that updates and deletes leave
 * behind (carts change all day), marking pages all-visible for index-only scans, and analysing tables, without which
 * the planner works from default guesses (a freshly seeded database's cart query joined every variant by hash, 0.6 ms,
 * against index lookups of 0.05 ms once analysed).
 * - PGlite runs PostgreSQL in one process without the autovacuum daemon: the whole database, at start and then when
 *   its statistics are an hour old.
 * - A PostgreSQL server whose `autovacuum` is off (some CI and bulk-load setups): each table past the thresholds
 *   autovacuum itself would use, read from the server's settings (decision 0046).
 * - Any other PostgreSQL: nothing, its autovacuum does it.
 * At start, and every 5 minutes (the `maintain-database` job, server/jobs/job-list.ts).
 */
export async function maintainDatabase({ db, driver }: DatabaseHandle): Promise<void> {
  if (driver === "pglite") {
    if (await pgliteStatisticsAreOld(db)) await db.execute(sql`vacuum (analyze)`);
    return;
  }
  for (const table of await tablesDueForAutovacuum(db)) {
    await db.execute(sql.raw(table.vacuum ? `vacuum (analyze) ${table.name}` : `analyze ${table.name}`));
  }
}

type Db = DatabaseHandle["db"];

/** PGlite keeps no modification counts between its statements, so the age of its oldest statistics decides. */
async function pgliteStatisticsAreOld(db: Db): Promise<boolean> {
  const [row] = rowsOf<{ old: boolean }>(
    await db.execute(sql`select coalesce(bool_or(last_analyze is null or last_analyze < now() - interval '55 minutes'), true) as old from pg_stat_user_tables`),
  );
  return row?.old ?? true;
}

/**
 * The tables autovacuum would vacuum or analyse now, with its own rules: dead rows past threshold + scale factor ×
 * rows (or inserts past the insert threshold, for the visibility map), and changes since the last analysis past the
 * analyse threshold; none when the server's autovacuum is on. Names come quoted (format's %I).
 */
export async function tablesDueForAutovacuum(db: Db): Promise<{ name: string; vacuum: boolean }[]> {
  return rowsOf<{ name: string; vacuum: boolean }>(
    await db.execute(sql`
      with setting as (
        select current_setting('autovacuum')::bool as running,
          current_setting('autovacuum_vacuum_threshold')::float8 as vacuum_base,
          current_setting('autovacuum_vacuum_scale_factor')::float8 as vacuum_scale,
          current_setting('autovacuum_vacuum_insert_threshold')::float8 as insert_base,
          current_setting('autovacuum_vacuum_insert_scale_factor')::float8 as insert_scale,
          current_setting('autovacuum_analyze_threshold')::float8 as analyze_base,
          current_setting('autovacuum_analyze_scale_factor')::float8 as analyze_scale
      ),
      due as (
        select format('%I.%I', t.schemaname, t.relname) as name,
          t.n_dead_tup > s.vacuum_base + s.vacuum_scale * greatest(c.reltuples, 0)
            or (s.insert_base >= 0 and t.n_ins_since_vacuum > s.insert_base + s.insert_scale * greatest(c.reltuples, 0)) as vacuum,
          t.n_mod_since_analyze > s.analyze_base + s.analyze_scale * greatest(c.reltuples, 0) as analyze_due
        from pg_stat_user_tables t join pg_class c on c.oid = t.relid, setting s
        where not s.running
      )
      select name, vacuum from due where vacuum or analyze_due order by name`),
  );
}
