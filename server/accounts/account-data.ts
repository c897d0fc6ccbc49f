import { createHash } from "node:crypto";
import { and, asc, eq, inArray, isNull, or, sql } from "drizzle-orm";
import { recordAudit } from "../audit/audit-log";
import type { Database } from "../db/client";
import { discountRedemptions, drops, favorites, newsletterSubscribers, orderItems, orders, products, reviews, stockAlerts, users, variants } from "../db/schema";
import { refreshProductRating } from "../reviews/review-rows";
import { AppError } from "../errors";
import type { Logger } from "../logger";
import { accountNoticeEmail } from "../mail/account-notice";
import type { StoreInfo } from "../mail/components/layout";
import type { Mailer } from "../mail/mailer";
import { toDollars } from "../catalog/product-json";
import { shippingAddressOf } from "../orders/order-json";
import { verifyPassword } from "./passwords";
import { listAddresses } from "./addresses";
import { listPasskeys, provedWithPasskey, type PasskeyProof } from "./passkeys";

/** Orders that were paid: the law keeps their invoice data (DESIGN decision 0018). */
const PAID_ONCE = sql`${orders.paidAt} is not null`;
const byOwner = (user: { id: string; email: string }) => or(eq(orders.userId, user.id), and(isNull(orders.userId), eq(sql`lower(${orders.email})`, user.email.toLowerCase())));

/**
 * GET /api/account/export: everything the store holds about the shopper, as JSON (GDPR Art. 15 and 20): profile,
 * address book, orders with their lines and addresses, favourites, newsletter subscription, back-in-stock alerts, reviews. Passwords and session tokens are never
 * in it (only that they exist).
 */
export async function exportAccountData({ db, userId, now: clock }: { db: Database; userId: string; now: () => Date }) {
  const now = clock();
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw new AppError("not_found", "Account not found");
  const byAlertOwner = or(eq(stockAlerts.userId, user.id), eq(sql`lower(${stockAlerts.email})`, user.email.toLowerCase()));
  const [orderRows, favouriteRows, subscription, book, keys, alerts, reviewRows] = await Promise.all([
    db.select().from(orders).where(and(byOwner(user), PAID_ONCE)).orderBy(asc(orders.createdAt)),
    db.select({ productId: favorites.productId, name: products.name, addedAt: favorites.createdAt }).from(favorites).innerJoin(products, eq(products.id, favorites.productId)).where(eq(favorites.userId, userId)),
    db.select().from(newsletterSubscribers).where(eq(sql`lower(${newsletterSubscribers.email})`, user.email.toLowerCase())),
    listAddresses({ db, userId }),
    listPasskeys({ db, userId }),
    db
      .select({ email: stockAlerts.email, name: products.name, color: variants.color, size: variants.size, drop: drops.name, status: stockAlerts.status, createdAt: stockAlerts.createdAt, notifiedAt: stockAlerts.notifiedAt })
      .from(stockAlerts)
      .leftJoin(variants, eq(variants.id, stockAlerts.variantId))
      .leftJoin(products, eq(products.id, variants.productId))
      .leftJoin(drops, eq(drops.id, stockAlerts.dropId))
      .where(byAlertOwner)
      .orderBy(asc(stockAlerts.id)),
    db.select({ review: reviews, name: products.name }).from(reviews).innerJoin(products, eq(products.id, reviews.productId)).where(eq(reviews.userId, userId)).orderBy(asc(reviews.createdAt)),
  ]);
  const items = orderRows.length ? await db.select().from(orderItems).where(inArray(orderItems.orderId, orderRows.map((o) => o.id))).orderBy(asc(orderItems.id)) : [];
  return {
    exportedAt: now.toISOString(),
    profile: { username: user.username, name: user.name, email: user.email, role: user.role, createdAt: user.createdAt.toISOString(), password: "set (stored only as a one-way hash)" },
    addresses: book.map(({ id: _id, ...a }) => a),
    orders: orderRows.map((o) => ({
      orderNumber: o.orderNumber,
      status: o.status,
      placedAt: o.createdAt.toISOString(),
      email: o.email,
      shipTo: shippingAddressOf(o),
      discountCode: o.discountCode,
      subtotal: toDollars(o.subtotalCents),
      discount: toDollars(o.discountCents),
      tax: toDollars(o.taxCents),
      total: toDollars(o.totalCents),
      refunded: toDollars(o.refundedCents),
      tracking: o.trackingNumber ? { carrier: o.carrier, number: o.trackingNumber } : null,
      items: items.filter((i) => i.orderId === o.id).map((i) => ({ name: i.name, color: i.color, size: i.size, quantity: i.quantity, unitPrice: toDollars(i.unitPriceCents) })),
    })),
    favourites: favouriteRows.map((f) => ({ productId: f.productId, name: f.name, addedAt: f.addedAt.toISOString() })),
    newsletter: subscription[0] ? { subscribedAt: subscription[0].createdAt.toISOString(), source: subscription[0].source, unsubscribedAt: subscription[0].unsubscribedAt?.toISOString() ?? null } : null,
    backInStockAlerts: alerts.map((a) => ({ email: a.email, for: a.name ? `${a.name} (${a.color}, ${a.size})` : `The ${a.drop ?? "drop"} waitlist`, status: a.status, createdAt: a.createdAt.toISOString(), notifiedAt: a.notifiedAt?.toISOString() ?? null })),
    passkeys: keys.map(({ name, synced, createdAt, lastUsedAt }) => ({ name, synced, createdAt, lastUsedAt })),
    reviews: reviewRows.map(({ review: r, name }) => ({ product: name, rating: r.rating, title: r.title, body: r.body, fit: r.fit, status: r.status, writtenAt: r.createdAt.toISOString(), storeReply: r.reply })),
  };
}

/** A stand-in for an erased email: stable per address, so staff still see one customer's orders as one. */
const erasedEmail = (email: string) => `deleted-${createHash("sha256").update(email.toLowerCase()).digest("hex").slice(0, 16)}@invalid`;

/**
 * POST /api/account/delete: confirmed with the password or one of the account's own passkeys (a passkey ceremony the
 * browser just answered). Sessions, links, favourites, carts, the newsletter
 * subscription, back-in-stock alerts and reviews (re-averaging the products they rated) go with the account. Paid orders stay for the tax records with the invoice's name and address, but no
 * email; unpaid checkouts lose every personal detail. The email can register again at once. The audit log notes the
 * erasure without personal data, and a last notice goes to the address.
 */
export async function deleteAccount({ db, mailer, logger, now: clock, storeUrl, storeIdentity, userId, password, passkey }: StoreInfo & { db: Database; mailer: Mailer; logger: Logger; now: () => Date; userId: string; password?: string; passkey?: PasskeyProof }) {
  const passkeyProved = passkey ? await provedWithPasskey({ db, storeUrl, now: clock, userId, ...passkey }) : false;
  const now = clock();
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  const confirmed = passkeyProved || (password !== undefined && (await verifyPassword(user?.passwordHash ?? null, password)));
  if (!user || !confirmed) throw new AppError("bad_request", password !== undefined ? "Your password is not right" : "That passkey didn't confirm it. Try again, or use your password.");
  if (user.role === "admin") throw new AppError("conflict", "Staff accounts are removed by another staff member, not from the account page");
  const erased = erasedEmail(user.email);
  await db.transaction(async (tx) => {
    await tx.update(orders).set({ email: erased, userId: null, updatedAt: now }).where(and(byOwner(user), PAID_ONCE));
    await tx
      .update(orders)
      .set({ email: erased, userId: null, shippingName: "Deleted customer", shippingLine1: "-", shippingLine2: null, shippingCity: "-", shippingRegion: "-", shippingPostalCode: "-", updatedAt: now })
      .where(and(byOwner(user), sql`${orders.paidAt} is null`));
    await tx.update(discountRedemptions).set({ email: erased, userId: null }).where(or(eq(discountRedemptions.userId, user.id), eq(discountRedemptions.email, user.email.toLowerCase())));
    await tx.delete(newsletterSubscribers).where(eq(sql`lower(${newsletterSubscribers.email})`, user.email.toLowerCase()));
    await tx.delete(stockAlerts).where(or(eq(stockAlerts.userId, user.id), eq(sql`lower(${stockAlerts.email})`, user.email.toLowerCase())));
    // Their reviews go, and the products they rated are re-averaged without them.
    const reviewed = await tx.delete(reviews).where(eq(reviews.userId, user.id)).returning({ productId: reviews.productId, status: reviews.status });
    for (const { productId } of reviewed.filter((r) => r.status === "published")) await refreshProductRating(tx, productId);
    // Sessions, links, favourites and carts go with the row (ON DELETE CASCADE).
    await tx.delete(users).where(eq(users.id, user.id));
    await recordAudit(tx, { actor: "shopper", entity: "account", entityId: erased, action: "erase" }, now);
  });
  await accountNoticeEmail({
    to: user.email,
    subject: ({ name }) => `Your ${name} account is deleted`,
    heading: "Your account is deleted",
    paragraphs: [`Hi ${user.name}, your account ${user.username} and what it held are gone.`, "Orders you paid for are kept, without your email, for as long as tax law requires. You can create a new account with this email whenever you like."],
    storeUrl,
    storeIdentity,
  })
    .then((mail) => mailer.send(mail))
    .catch((err) => logger.error({ err }, "deletion notice failed"));
}
