import { createHash, randomBytes } from "node:crypto";
import { and, asc, eq, isNull, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { dropInvitations, drops, marketingOptOuts, newsletterSubscribers, stockAlerts, variants, type DropRow } from "../../db/schema";
import { rowsOf } from "../../db/rows";
import type { Logger } from "../../logger";
import type { StoreInfo } from "../../mail/components/layout";
import type { Mailer } from "../../mail/mailer";
import type { UnsubscribeLinks, UnsubscribeTarget } from "../../unsubscribe/unsubscribe-links";
import { dropPhase } from "../../../shared/drops";
import { earlyAccessEmail } from "./early-access-email";

export interface InviteDeps extends StoreInfo {
  db: Database;
  mailer: Mailer;
  logger: Logger;
  now: () => Date;
  unsubscribeLinks: UnsubscribeLinks;
}

/** The SHA-256 a link's token is kept as: the token itself is never stored. */
export const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

/** Invitations sent per read of the unsent ones. */
const BATCH = 100;

/**
 * The addresses that said yes to hearing from us about this drop, lower-cased: newsletter subscribers still
 * subscribed, and confirmed back-in-stock alerts for the drop's pieces or on its own waitlist (a waitlist row names
 * its drop, and counts for no other). An address that unsubscribed from the newsletter or opted out of marketing mail
 * is left out, whatever else it signed up to.
 */
const audienceOf = (dropId: number) => sql`
  select a.email from (
    select lower(n.email) as email from newsletter_subscribers n where n.unsubscribed_at is null
    union
    select lower(s.email) from stock_alerts s left join variants v on v.id = s.variant_id
    where s.confirmed_at is not null and s.status <> 'unsubscribed'
      and (v.product_id in (select dp.product_id from drop_products dp where dp.drop_id = ${dropId}) or s.drop_id = ${dropId})
  ) a
  where not exists (select 1 from marketing_opt_outs o where o.email = a.email)
    and not exists (select 1 from newsletter_subscribers n where lower(n.email) = a.email and n.unsubscribed_at is not null)`;

/**
 * Writes one invitation row per address of the drop's audience; an address invited before is left alone (unique
 * (drop, email)), so running it twice, or in two processes at once, invites each address once. Until it is sent, a
 * row's token_hash holds a placeholder no token hashes to (a hash is 64 hex digits).
 */
export async function makeInvitations(db: Database, dropId: number, now: Date): Promise<number> {
  const made = await db.execute(sql`
    insert into ${dropInvitations} (drop_id, email, token_hash, created_at)
    select ${dropId}, a.email, 'unsent:' || ${dropId} || ':' || a.email, ${now.toISOString()}::timestamptz from (${audienceOf(dropId)}) a
    on conflict do nothing
    returning id`);
  return rowsOf(made).length;
}

/** Which subscription an invitation's Unsubscribe link ends, and why it came; null: the address no longer consents. */
async function subscriptionOf(db: Database, email: string, dropId: number): Promise<{ target: UnsubscribeTarget; reason: "newsletter" | "waitlist" } | null> {
  const [optOut] = await db.select({ email: marketingOptOuts.email }).from(marketingOptOuts).where(eq(marketingOptOuts.email, email));
  if (optOut) return null;
  const [subscriber] = await db.select({ id: newsletterSubscribers.id, unsubscribedAt: newsletterSubscribers.unsubscribedAt }).from(newsletterSubscribers).where(sql`lower(${newsletterSubscribers.email}) = ${email}`);
  if (subscriber?.unsubscribedAt) return null;
  if (subscriber) return { target: { kind: "newsletter", id: subscriber.id }, reason: "newsletter" };
  const [alert] = await db
    .select({ id: stockAlerts.id })
    .from(stockAlerts)
    .leftJoin(variants, eq(variants.id, stockAlerts.variantId))
    .where(and(sql`lower(${stockAlerts.email}) = ${email}`, sql`${stockAlerts.confirmedAt} is not null and ${stockAlerts.status} <> 'unsubscribed'`, sql`(${variants.productId} in (select product_id from drop_products where drop_id = ${dropId}) or ${stockAlerts.dropId} = ${dropId})`))
    .orderBy(asc(stockAlerts.id))
    .limit(1);
  return alert ? { target: { kind: "alert", id: alert.id }, reason: "waitlist" } : null;
}

/**
 * Sends every unsent invitation of the drop. Each is claimed before its email is written: one UPDATE sets sent_at and
 * the hash of a fresh token where sent_at is still null, so of two workers only one sends it, and a worker that dies
 * after its claim leaves it sent rather than sending twice. A failed send takes its claim back (the job retries).
 */
export async function sendInvitations(deps: InviteDeps, drop: DropRow): Promise<number> {
  const { db, now } = deps;
  let sent = 0;
  let failed = 0;
  const tried = new Set<number>();
  for (;;) {
    const unsent = (await db.select({ id: dropInvitations.id, email: dropInvitations.email }).from(dropInvitations).where(and(eq(dropInvitations.dropId, drop.id), isNull(dropInvitations.sentAt))).orderBy(asc(dropInvitations.id)).limit(BATCH + tried.size)).filter((row) => !tried.has(row.id));
    if (unsent.length === 0) break;
    for (const row of unsent) {
      tried.add(row.id);
      const subscription = await subscriptionOf(db, row.email, drop.id);
      if (!subscription) {
        // Unsubscribed since the row was made: no email, and no invitation left to send.
        await db.delete(dropInvitations).where(and(eq(dropInvitations.id, row.id), isNull(dropInvitations.sentAt)));
        continue;
      }
      const token = randomBytes(32).toString("base64url");
      const [claimed] = await db
        .update(dropInvitations)
        .set({ sentAt: now(), tokenHash: hashToken(token) })
        .where(and(eq(dropInvitations.id, row.id), isNull(dropInvitations.sentAt)))
        .returning({ id: dropInvitations.id });
      if (!claimed) continue;
      try {
        const message = await earlyAccessEmail({
          to: row.email,
          drop: { name: drop.name, earlyAccessAt: drop.earlyAccessAt ?? drop.opensAt, opensAt: drop.opensAt },
          link: `${deps.storeUrl}/drops/${drop.slug}/early-access?token=${token}`,
          unsubscribeUrl: await deps.unsubscribeLinks.urlFor(subscription.target),
          reason: subscription.reason,
          storeUrl: deps.storeUrl,
          storeIdentity: deps.storeIdentity,
        });
        await deps.mailer.send(message);
        sent++;
      } catch (err) {
        failed++;
        deps.logger.error({ err, dropId: drop.id, invitationId: row.id }, "early-access email failed");
        await db.update(dropInvitations).set({ sentAt: null }).where(eq(dropInvitations.id, row.id));
      }
    }
  }
  if (failed > 0) throw new Error(`${failed} early-access email(s) of drop ${drop.id} could not be sent`);
  return sent;
}

/**
 * A drop's early access (the send-early-access job): while the drop is in its early phase, invites its audience and
 * sends what is unsent. Returns how many emails went out.
 */
export async function inviteEarlyAccess(deps: InviteDeps, { dropId }: { dropId: number }): Promise<number> {
  const [drop] = await deps.db.select().from(drops).where(and(eq(drops.id, dropId), isNull(drops.archivedAt)));
  if (!drop || dropPhase(drop, deps.now()) !== "early") return 0;
  await makeInvitations(deps.db, drop.id, deps.now());
  return sendInvitations(deps, drop);
}
