import { and, desc, eq, lt } from "drizzle-orm";
import type { Database } from "../db/client";
import { auditLog } from "../db/schema";

export const AUDIT_ENTITIES = ["product", "variant", "collection", "campaign", "setting", "discount", "account", "review", "job", "zone", "tax_rate", "tax_category", "shipping_rate", "content", "menu", "home", "announcement", "staff_role", "staff"] as const;
export type AuditEntity = (typeof AUDIT_ENTITIES)[number];

export interface AuditEntry {
  actor: string;
  entity: AuditEntity;
  entityId: string | number;
  productId?: number | null;
  action: string;
  before?: unknown;
  after?: unknown;
}

/** Writes one change to the audit log; call it with the transaction that makes the change, so both land or neither. */
export async function recordAudit(db: Pick<Database, "insert">, entry: AuditEntry, at: Date): Promise<void> {
  await db.insert(auditLog).values({
    actor: entry.actor,
    entity: entry.entity,
    entityId: String(entry.entityId),
    productId: entry.productId ?? null,
    action: entry.action,
    before: entry.before ?? null,
    after: entry.after ?? null,
    at,
  });
}

const PAGE_SIZE = 50;

/** The newest changes first: a product's (with its variants'), or one entity's; `before` pages back by id. */
export async function listAudit({ db, productId, entity, entityId, before }: { db: Database; productId?: number; entity?: AuditEntity; entityId?: string; before?: number }) {
  const rows = await db
    .select()
    .from(auditLog)
    .where(
      and(
        productId !== undefined ? eq(auditLog.productId, productId) : undefined,
        entity ? eq(auditLog.entity, entity) : undefined,
        entityId ? eq(auditLog.entityId, entityId) : undefined,
        before ? lt(auditLog.id, before) : undefined,
      ),
    )
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(PAGE_SIZE + 1);
  const entries = rows.slice(0, PAGE_SIZE).map((r) => ({ ...r, at: r.at.toISOString() }));
  return { entries, nextBefore: rows.length > PAGE_SIZE ? entries.at(-1)!.id : null };
}
