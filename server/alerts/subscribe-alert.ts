import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, lt, sql } from "drizzle-orm";
import type { User } from "../accounts/user-types";
import { assertWithinLimits, limits, recordAttempt } from "../accounts/rate-limit";
import { rowsOf } from "../db/rows";
import { stockAlerts } from "../db/schema";
import { AppError } from "../errors";
import { alertConfirmationEmail, CONFIRM_DAYS } from "./alert-emails";
import type { AlertDeps } from "./alert-deps";
import { type AlertVariant, dropStock, findAlertVariant, findWaitlistDrop, type WaitlistDrop } from "./alert-targets";

const DAY_MS = 86_400_000;
const hash = (token: string) => createHash("sha256").update(token).digest("base64url");
const BAD_LINK = "This link is invalid or has expired. Sign up for the alert again from the product page.";

export interface AlertSignUp {
  /** pending: a confirmation link was emailed; active: the shopper's own confirmed address, on at once. */
  status: "pending" | "active";
  message: string;
}

const PENDING: AlertSignUp = { status: "pending", message: "Check your email to confirm. We'll write once, when it's back." };

/**
 * POST /api/stock-alerts and /waitlist. Double opt-in (research §4): the alert waits, pending, for the emailed link;
 * only the link's SHA-256 is stored. The answer is the same whether or not the address was already on the list (no
 * enumeration): an active alert stays as it is and gets no new mail; a pending, notified or unsubscribed one starts
 * over with a new link. A signed-in shopper's alert records the account, and one for the account's own confirmed
 * email is on at once (its owner already proved the address). Rate-limited per IP and per email.
 */
export async function subscribeToAlert(deps: AlertDeps & { variantId: number | null; drop?: WaitlistDrop; email: string; user: User | null; ip: string }): Promise<AlertSignUp> {
  const { db } = deps;
  const now = deps.now();
  const checks = [limits.alertIp(deps.ip), limits.alertEmail(deps.email)];
  await assertWithinLimits(db, checks, now);
  const variant = deps.variantId === null ? null : await assertSoldOut(deps, deps.variantId);
  if (deps.variantId === null) await assertDropSoldOut(deps, deps.drop);
  await recordAttempt(db, checks, now);

  const owner = deps.user?.emailVerified === true && deps.user.email.toLowerCase() === deps.email;
  const token = owner ? null : randomBytes(32).toString("base64url");
  const status = owner ? "active" : "pending";
  const [changed] = rowsOf<{ id: number }>(
    await db.execute(sql`
      insert into stock_alerts (variant_id, drop_id, email, user_id, status, confirm_token_hash, confirmed_at, created_at)
      values (${deps.variantId}::int, ${deps.variantId === null ? (deps.drop?.id ?? null) : null}::int, ${deps.email}, ${deps.user?.id ?? null}::uuid, ${status}, ${token && hash(token)}, ${owner ? now : null}::timestamptz, ${now})
      on conflict (coalesce(variant_id, 0), coalesce(drop_id, 0), lower(email)) do update set
        status = excluded.status, confirm_token_hash = excluded.confirm_token_hash, confirmed_at = excluded.confirmed_at,
        user_id = coalesce(excluded.user_id, stock_alerts.user_id), claimed_at = null, notified_at = null, created_at = excluded.created_at
      where stock_alerts.status <> 'active'
      returning id`),
  );
  if (owner) return { status: "active", message: "You're on the list. We'll email you once, when it's back." };
  if (changed && token) {
    const mail = await alertConfirmationEmail({ to: deps.email, variant, drop: deps.drop ?? null, token, storeUrl: deps.storeUrl, storeIdentity: deps.storeIdentity });
    await deps.mailer.send(mail).catch((err) => deps.logger.error({ err }, "alert confirmation email failed"));
  }
  return PENDING;
}

async function assertSoldOut(deps: AlertDeps, variantId: number): Promise<AlertVariant> {
  const variant = await findAlertVariant(deps.db, variantId);
  if (!variant || !variant.onSale) throw new AppError("not_found", "That size isn't on sale");
  if (variant.available > 0) throw new AppError("conflict", `${variant.name} in ${variant.color}, size ${variant.size} is in stock: add it to your cart instead`);
  return variant;
}

/** A waitlist is for a drop shown now (the caller found it) whose pre-order pieces on sale are all gone. */
async function assertDropSoldOut(deps: AlertDeps, drop: WaitlistDrop | undefined): Promise<void> {
  const stock = drop ? await dropStock(deps.db, drop.id) : { variants: 0, available: 0 };
  if (!drop || stock.variants === 0) throw new AppError("not_found", `There is no ${drop?.name ?? "drop"} on sale`);
  if (stock.available > 0) throw new AppError("conflict", `${drop.name} isn't sold out: pieces are still available to pre-order`);
}

/** POST /api/stock-alerts/confirm: the link's token, once, within its days; the alert becomes active. */
export async function confirmAlert(deps: AlertDeps & { token: string; ip: string }): Promise<{ message: string; variant: AlertVariant | null; drop: WaitlistDrop | null }> {
  const { db } = deps;
  const now = deps.now();
  await assertWithinLimits(db, [limits.tokenIp(deps.ip)], now);
  const [confirmed] = await db
    .update(stockAlerts)
    .set({ status: "active", confirmedAt: now, confirmTokenHash: null })
    .where(and(eq(stockAlerts.confirmTokenHash, hash(deps.token)), eq(stockAlerts.status, "pending"), gt(stockAlerts.createdAt, new Date(now.getTime() - CONFIRM_DAYS * DAY_MS))))
    .returning({ variantId: stockAlerts.variantId, dropId: stockAlerts.dropId });
  if (!confirmed) {
    await recordAttempt(db, [limits.tokenIp(deps.ip)], now);
    throw new AppError("bad_request", BAD_LINK);
  }
  const variant = confirmed.variantId === null ? null : await findAlertVariant(db, confirmed.variantId);
  const drop = confirmed.dropId === null ? null : await findWaitlistDrop(db, confirmed.dropId);
  const what = variant ? `${variant.name} in ${variant.color}, size ${variant.size}` : (drop?.name ?? "the drop");
  return { message: `You're on the list. We'll email you once, when ${what} is back in stock.`, variant, drop };
}

/** Unconfirmed sign-ups whose link has run out are deleted (part of the minute sweep). */
export async function tidyAlerts(deps: Pick<AlertDeps, "db" | "now">): Promise<number> {
  const stale = await deps.db
    .delete(stockAlerts)
    .where(and(eq(stockAlerts.status, "pending"), lt(stockAlerts.createdAt, new Date(deps.now().getTime() - CONFIRM_DAYS * DAY_MS))))
    .returning({ id: stockAlerts.id });
  return stale.length;
}
