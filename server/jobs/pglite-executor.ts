import type { PGlite } from "@electric-sql/pglite";
import type { PgliteThread } from "../db/pglite-thread";
import { fromPglite } from "pg-boss";

type Executor = ReturnType<typeof fromPglite>;

const startsTransaction = /^\s*begin\b/i;

/**
 * pg-boss on the store's own PGlite connection. Its adapter runs a BEGIN ... COMMIT block with one `exec` and, when
 * the block fails, rolls back with a second call: between the two, a shopper's query queued on the one connection
 * runs inside the aborted transaction and fails ("current transaction is aborted"). Here such a block runs inside
 * PGlite's own transaction, which holds the connection until its rollback is done.
 */
export function pgliteExecutor(pglite: PGlite | PgliteThread): Executor {
  // pg-boss asks of its PGlite only query and exec, which the store's thread answers.
  const adapter = fromPglite(pglite as PGlite);
  return {
    ...adapter,
    async executeSql(text, values) {
      if (values?.length || !startsTransaction.test(text)) return adapter.executeSql(text, values);
      return pglite.transaction(async (tx) => {
        // The block's own BEGIN and COMMIT only warn inside the open transaction; an error rolls it all back.
        const results = await tx.exec(text);
        return { rows: results.flatMap((result) => result.rows ?? []) };
      });
    },
  };
}
