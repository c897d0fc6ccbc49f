import { and, eq, lte } from "drizzle-orm";
import { recordAudit } from "../audit/audit-log";
import type { Database } from "../db/client";
import { contentEntries } from "../db/schema";

export const SCHEDULE_ACTOR = "system:schedule";

/**
 * Scheduled entries whose time has come (issue 28). Shoppers already see them: the read rule (./published.ts) does
 * not wait for this. What is left for a job is the record: each becomes "published" with an audit row, once (a row
 * another process has claimed is skipped), and the caller drops every cached page.
 */
export async function publishDueEntries({ db, now }: { db: Database; now: Date }): Promise<number> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: contentEntries.id, publishAt: contentEntries.publishAt })
      .from(contentEntries)
      .where(and(eq(contentEntries.status, "scheduled"), lte(contentEntries.publishAt, now)))
      .orderBy(contentEntries.id)
      .limit(100)
      .for("update", { skipLocked: true });
    for (const { id, publishAt } of due) {
      await tx.update(contentEntries).set({ status: "published" }).where(eq(contentEntries.id, id));
      const at = publishAt!.toISOString();
      await recordAudit(tx, { actor: SCHEDULE_ACTOR, entity: "content", entityId: id, action: "publish", before: { status: "scheduled", publishAt: at }, after: { status: "published", publishAt: at } }, now);
    }
    return due.length;
  });
}
