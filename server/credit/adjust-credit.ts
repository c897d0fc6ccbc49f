import { recordAudit } from "../audit/audit-log";
import type { Database } from "../db/client";
import type { CreditAdjustment } from "./credit-schemas";
import { creditKey, listCredit, moveCredit } from "./store-credit";

/**
 * Staff give or take back store credit (customers.credit), audited in the same transaction. Taking back more than the
 * balance holds is refused with 409, never a negative balance.
 */
export async function adjustCredit({ db, now, email, input, actor }: { db: Database; now: () => Date; email: string; input: CreditAdjustment; actor: string }) {
  const key = creditKey(email);
  await db.transaction(async (tx) => {
    const t = tx as unknown as Database;
    const { balanceCents } = await moveCredit(t, { email: key, amountCents: input.amountCents, kind: "staff", reason: input.reason, actor, now: now() });
    await recordAudit(t, { actor, entity: "store_credit", entityId: key, action: input.amountCents > 0 ? "credit.add" : "credit.remove", before: { balanceCents: balanceCents - input.amountCents }, after: { balanceCents, amountCents: input.amountCents, reason: input.reason } }, now());
  });
  return { email: key, ...(await listCredit({ db, email: key })) };
}
