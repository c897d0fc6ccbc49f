import { and, desc, eq, gte, lt, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { auditLog } from "../db/schema";

export const AUDIT_ENTITIES = ["product", "variant", "collection", "campaign", "setting", "discount", "account", "review", "job", "zone", "tax_rate", "tax_category", "shipping_rate", "content", "menu", "home", "announcement", "staff_role", "staff", "staff_invitation", "sign_in", "second_factor", "synonym", "drop", "store_credit", "gift_card"] as const;
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

export interface AuditFilter {
  productId?: number;
  entity?: AuditEntity;
  entityId?: string;
  /** Who: "staff:ana", or "ana" for a staff member. */
  actor?: string;
  action?: string;
  /** From this time, and before `to` (the staff page sends whole days in UTC). */
  from?: Date;
  to?: Date;
  before?: number;
}

const actorOf = (who: string) => (who.includes(":") ? who : `staff:${who}`);

/**
 * The newest changes first, filtered by what (a product with its variants, an entity), who, which action and when;
 * `before` pages back by id.
 */
export async function listAudit({ db, productId, entity, entityId, actor, action, from, to, before }: { db: Database } & AuditFilter) {
  const rows = await db
    .select()
    .from(auditLog)
    .where(
      and(
        productId !== undefined ? eq(auditLog.productId, productId) : undefined,
        entity ? eq(auditLog.entity, entity) : undefined,
        entityId ? eq(auditLog.entityId, entityId) : undefined,
        actor ? eq(auditLog.actor, actorOf(actor)) : undefined,
        action ? eq(auditLog.action, action) : undefined,
        from ? gte(auditLog.at, from) : undefined,
        to ? lt(auditLog.at, to) : undefined,
        before ? lt(auditLog.id, before) : undefined,
      ),
    )
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(PAGE_SIZE + 1);
  const entries = rows.slice(0, PAGE_SIZE).map((r) => ({ ...r, at: r.at.toISOString() }));
  return { entries, nextBefore: rows.length > PAGE_SIZE ? entries.at(-1)!.id : null };
}

/** Who has written to the log and which actions there are, for the staff page's filters (bounded). */
export async function auditFacets({ db }: { db: Database }) {
  const actors = await db.selectDistinct({ actor: auditLog.actor }).from(auditLog).orderBy(auditLog.actor).limit(200);
  const actions = await db.selectDistinct({ action: auditLog.action }).from(auditLog).orderBy(auditLog.action).limit(200);
  return { actors: actors.map((r) => r.actor), actions: actions.map((r) => r.action), total: Number((await db.select({ n: sql<number>`count(*)` }).from(auditLog))[0]?.n ?? 0) };
}
