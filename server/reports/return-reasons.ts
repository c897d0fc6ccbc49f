import { type SQL, sql } from "drizzle-orm";
import { RETURN_REASON_KINDS } from "../../shared/return-reasons";

/** shared/return-reasons.ts's sorting of a return's reason, in SQL, of a reason column. */
export function returnReasonKindSql(reason: SQL): SQL {
  const cases = RETURN_REASON_KINDS.map((k) => sql`when ${reason} ~* ${k.pattern} then ${k.kind}`);
  return sql`(case ${sql.join(cases, sql` `)} else 'other' end)`;
}
