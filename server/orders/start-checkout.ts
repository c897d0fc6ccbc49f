import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { type CartOwner, findCartId } from "../cart/cart-owner";
import { toDollars } from "../catalog/product-json";
import type { Database } from "../db/client";
import { carts, orderItems, orders, users, variants, type OrderRow } from "../db/schema";
import { AppError } from "../errors";
import type { PaymentIntent } from "../payments/payment-provider";
import { type CheckoutLine, fingerprintCheckout, loadCheckoutLines, orderLineImage } from "./checkout-lines";
import type { CheckoutDetails } from "./checkout-schemas";
import { MARKETING_CONSENT } from "../../shared/recovery";
import { type Discount, findDiscount, holdDiscount } from "./discount";
import { releaseOrderStock } from "./release-order";
import { markOrderPaid } from "./mark-order-paid";
import { type OrderDeps, RESERVATION_MINUTES } from "./order-deps";
import type { CheckoutStarted } from "./start-checkout-types";
import { reserveStock } from "./stock";
import { dropLimitRefusal } from "../drops/drop-limits";
import { recordOrderEvent } from "./order-events";
import { type OrderPricing, priceOrder, TAX_UNAVAILABLE } from "../pricing/price-order";
import type { PricingRules } from "../pricing/pricing-rules";
import type { TaxProvider } from "../tax/tax-provider";
import { insertOrderTaxLines, summarizeTaxLines } from "./tax-lines";
import { CREDIT_INTENT, creditBalance, creditHeldBy, GUEST_CREDIT, lockCredit, moveCredit } from "../credit/store-credit";
import { randomBytes } from "node:crypto";
import { checkoutGiftCards } from "../gift-cards/checkout-gift-cards";
import { giftCardsHeldBy, lockGiftCards, moveGiftCard } from "../gift-cards/gift-card-ledger";


const EMPTY_CART = "Your cart is empty. Please add items before checkout.";
const OPEN_INTENT = new Set(["requires_payment_method", "requires_confirmation", "requires_action", "processing"]);

/**
 * POST /api/create-payment-intent: prices the cart on the server, makes (or reuses) a pending order with snapshot
 * lines, reserves its stock for 15 minutes and opens the payment with an idempotency key per order.
 */
export async function startCheckout(deps: OrderDeps & { owner: CartOwner; details: CheckoutDetails }, attempt = 0): Promise<CheckoutStarted> {
  const { db, payments, owner, details, now } = deps;
  // Store credit is an account's (its email is the ledger's key): a guest can't spend any (issue 51).
  if (details.useStoreCredit && !owner.userId) throw new AppError("unauthorized", GUEST_CREDIT);
  const cartId = await findCartId(db, owner);
  if (!cartId) throw new AppError("bad_request", EMPTY_CART);

  const rules = await deps.pricingRules();
  const taxProvider = rememberingQuotes(deps.taxProvider(rules.taxProvider));
  // A provider on the network (Stripe Tax) is asked before the transaction, which then finds its answer remembered:
  // no lock is held while it answers.
  if (taxProvider.name !== "manual") await quoteAhead({ ...deps, rules, provider: taxProvider, cartId });
  // The tax lines priced here are the order's: stored with it, or the same as its own when it is reused (the fingerprint
  // holds them), so the answer shows them without reading them back.
  const { order, replacedIntentId, taxLines: charged } = await db.transaction(async (tx) => {
    const t = tx as unknown as Database;
    // One checkout at a time per cart: a double click waits here and then reuses the first one's order.
    await t.execute(sql`select id from ${carts} where id = ${cartId} for update`);
    const lines = await loadCheckoutLines(t, cartId);
    if (lines.length === 0) throw new AppError("bad_request", EMPTY_CART);
    const [open] = await t
      .select()
      .from(orders)
      .where(and(eq(orders.cartId, cartId), inArray(orders.status, ["pending", "failed"]), eq(orders.stockState, "held")))
      .orderBy(desc(orders.createdAt))
      .limit(1)
      .for("update");
    const customer = { userId: owner.userId, email: details.email };
    const discount = await findDiscount(t, details.discountCode, now(), { lines, customer, forOrderId: open?.id });
    const credit = details.useStoreCredit ? await availableCredit(t, owner.userId!, open) : null;
    const cards = await spendableGiftCards(t, cartId, open, now());
    const pricing = await priceOrder(lines, { rules, taxProvider, discount: discount?.rule ?? null, address: details.address, shippingRateId: details.shippingRateId, strict: true, tenders: { storeCreditCents: credit?.availableCents ?? 0, giftCards: cards } });
    const { priced, chosen, destination } = pricing;
    const fingerprint = fingerprintCheckout(lines, discount, { destination, provider: taxProvider.name, shipping: [chosen?.id, chosen?.name, priced.shippingCents], taxLines: priced.taxLines, totalCents: priced.totalCents, storeCreditCents: pricing.storeCreditCents, giftCardCents: pricing.giftCardCents });
    if (open && open.cartFingerprint === fingerprint && open.reservationExpiresAt > now()) {
      const [updated] = await t.update(orders).set(contactColumns(details, now())).where(eq(orders.id, open.id)).returning();
      return { order: updated!, replacedIntentId: null, taxLines: priced.taxLines };
    }
    if (open) await releaseOrderStock(t, open, "canceled", now(), "shopper");
    // A drop's per-customer limit, counted with its row locked until this transaction ends (DESIGN §11).
    const overLimit = await dropLimitRefusal(t, { buyer: { userId: owner.userId, email: details.email, address: details.address }, items: lines, now: now(), exceptOrderIds: open ? [open.id] : [] });
    if (overLimit) throw new AppError("conflict", overLimit);
    const created = await createPendingOrder(t, { cartId, userId: owner.userId, lines, details, discount, pricing, taxProvider: taxProvider.name, fingerprint, provider: payments.name, now: now() });
    await holdDiscount(t, discount, created, lines, now());
    // The credit is spent now, in this transaction and under the customer's lock (read above): an order that ends
    // unpaid gives it back (releaseOrderStock).
    if (credit && pricing.storeCreditCents > 0) {
      await moveCredit(t, { email: credit.email, amountCents: -pricing.storeCreditCents, kind: "checkout", reason: `Spent on order ${created.orderNumber}`, actor: "shopper", orderId: created.id, now: now() });
    }
    // So are the gift cards, each under its lock (taken above): moveGiftCard refuses to go below zero.
    for (const [i, card] of cards.entries()) {
      const part = pricing.giftCardParts[i] ?? 0;
      if (part > 0) await moveGiftCard(t, { giftCardId: card.id, amountCents: -part, kind: "checkout", reason: `Spent on order ${created.orderNumber}`, actor: "shopper", orderId: created.id, now: now() });
    }
    return { order: created, replacedIntentId: open?.paymentIntentId ?? null, taxLines: priced.taxLines };
  });
  if (replacedIntentId && !replacedIntentId.startsWith(CREDIT_INTENT)) payments.cancelPaymentIntent(replacedIntentId).catch((err) => deps.logger.warn({ err }, "could not cancel a replaced payment"));
  // Store credit paid it all: no card payment; it completes as a paid card does (stock, confirmation, what follows).
  if (order.paymentProvider === "store_credit") {
    const paid = await markOrderPaid({ ...deps, paymentIntentId: order.paymentIntentId! });
    return checkoutAnswer(paid ?? order, { id: order.paymentIntentId!, clientSecret: "" }, { provider: "store_credit", publishableKey: null }, charged);
  }

  let intent: PaymentIntent;
  try {
    intent = order.paymentIntentId
      ? await payments.retrievePaymentIntent(order.paymentIntentId)
      : await payments.createPaymentIntent({ orderId: order.id, orderNumber: order.orderNumber, amountCents: order.totalCents - order.storeCreditCents - order.giftCardCents, idempotencyKey: `order-${order.id}`, email: order.email });
  } catch (err) {
    deps.logger.error({ err, orderNumber: order.orderNumber }, "payment setup failed");
    await db.transaction(async (tx) => {
      const [locked] = await tx.select().from(orders).where(eq(orders.id, order.id)).for("update");
      if (locked && !locked.paymentIntentId) await releaseOrderStock(tx as unknown as Database, locked, "canceled", now());
    });
    throw new AppError("unavailable", "We couldn't set up the payment process. Please try again.");
  }
  if (intent.status === "succeeded") {
    await markOrderPaid({ ...deps, paymentIntentId: intent.id });
    throw new AppError("conflict", `Order ${order.orderNumber} is already paid`);
  }
  if (!OPEN_INTENT.has(intent.status)) {
    // The provider canceled it (for instance from its dashboard): start over once with a fresh order.
    await db.transaction(async (tx) => {
      const [locked] = await tx.select().from(orders).where(eq(orders.id, order.id)).for("update");
      if (locked?.stockState === "held") await releaseOrderStock(tx as unknown as Database, locked, "canceled", now());
    });
    if (attempt > 0) throw new AppError("unavailable", "We couldn't set up the payment process. Please try again.");
    return startCheckout(deps, attempt + 1);
  }
  if (!order.paymentIntentId) {
    await db.update(orders).set({ paymentIntentId: intent.id }).where(and(eq(orders.id, order.id), sql`${orders.paymentIntentId} is null`));
  }
  return checkoutAnswer(order, intent, { provider: payments.name, publishableKey: payments.publishableKey }, charged);
}

/** The payment step's answer: how to pay, and the order's totals with what store credit and gift cards paid. */
function checkoutAnswer(order: OrderRow, intent: Pick<PaymentIntent, "id" | "clientSecret">, payments: Pick<CheckoutStarted, "provider" | "publishableKey">, charged: OrderPricing["priced"]["taxLines"]): CheckoutStarted {
  const taxLines = summarizeTaxLines(charged);
  return {
    clientSecret: intent.clientSecret,
    paymentIntentId: intent.id,
    orderNumber: order.orderNumber,
    provider: payments.provider,
    publishableKey: payments.publishableKey,
    subtotal: toDollars(order.subtotalCents),
    discount: toDollars(order.discountCents),
    shipping: toDollars(order.shippingCents),
    shippingBeforeDiscount: toDollars(order.shippingBeforeDiscountCents ?? order.shippingCents),
    shippingMethod: order.shippingMethod,
    tax: toDollars(order.taxCents),
    taxIncluded: order.taxIncluded,
    taxLines,
    taxRatePercent: taxLines.length === 1 ? taxLines[0]!.ratePercent : null,
    total: toDollars(order.totalCents),
    giftCardCents: order.giftCardCents,
    storeCreditCents: order.storeCreditCents,
    amountDueCents: order.totalCents - order.storeCreditCents - order.giftCardCents,
  };
}

/**
 * The account's credit this checkout may spend, under the customer's lock (held until the transaction ends): the
 * balance, plus what the open order being replaced holds (it is given back when that order is released).
 */
async function availableCredit(tx: Database, userId: string, open: OrderRow | undefined) {
  const [user] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId));
  if (!user) throw new AppError("unauthorized", GUEST_CREDIT);
  await lockCredit(tx, user.email);
  const held = open ? await creditHeldBy(tx, open.id) : 0;
  return { email: user.email, availableCents: (await creditBalance(tx, user.email)) + held };
}

/**
 * The gift cards on the cart that may be spent, each locked (with any the replaced open order holds) until the
 * transaction ends; a card's balance counts what that open order holds, as it is given back when it is released.
 */
async function spendableGiftCards(tx: Database, cartId: string, open: OrderRow | undefined, now: Date) {
  const held = open ? await giftCardsHeldBy(tx, open.id) : new Map<string, number>();
  const onCart = await checkoutGiftCards(tx, cartId, now, { all: true });
  if (onCart.length === 0) return [];
  await lockGiftCards(tx, [...onCart.map((c) => c.id), ...held.keys()]);
  // Read again under the locks: another checkout may have spent from a card meanwhile.
  return (await checkoutGiftCards(tx, cartId, now)).map((c) => ({ ...c, balanceCents: c.balanceCents + (held.get(c.id) ?? 0) }));
}

/** A provider that remembers its answers by question, for one checkout. */
function rememberingQuotes(provider: TaxProvider): TaxProvider {
  const answers = new Map<string, ReturnType<TaxProvider["quote"]>>();
  return {
    ...provider,
    quote(input, rules) {
      const key = JSON.stringify(input);
      if (!answers.has(key)) answers.set(key, provider.quote(input, rules));
      return answers.get(key)!;
    },
  };
}

/** Prices the cart as it stands, outside any transaction, to put the provider's answer in memory; only its refusal counts. */
async function quoteAhead(deps: OrderDeps & { owner: CartOwner; details: CheckoutDetails; rules: PricingRules; provider: TaxProvider; cartId: string }) {
  const lines = await loadCheckoutLines(deps.db, deps.cartId);
  try {
    const discount = await findDiscount(deps.db, deps.details.discountCode, deps.now(), { lines, customer: { userId: deps.owner.userId, email: deps.details.email } });
    await priceOrder(lines, { rules: deps.rules, taxProvider: deps.provider, discount: discount?.rule ?? null, address: deps.details.address, shippingRateId: deps.details.shippingRateId, strict: false });
  } catch (err) {
    if (err instanceof AppError && err.message === TAX_UNAVAILABLE) throw err;
  }
}

function contactColumns(details: CheckoutDetails, now: Date) {
  return {
    email: details.email,
    // The checkout's consent box as last submitted: when it was ticked and which wording it showed (issue 31).
    marketingConsentAt: details.marketingConsent ? now : null,
    marketingConsentWording: details.marketingConsent ? MARKETING_CONSENT.version : null,
    shippingName: details.name,
    shippingLine1: details.address.line1,
    shippingLine2: details.address.line2 || null,
    shippingCity: details.address.city,
    shippingRegion: details.address.region,
    shippingPostalCode: details.address.postalCode.toUpperCase(),
    shippingCountry: details.address.country,
    utmSource: details.attribution?.utmSource ?? null,
    utmMedium: details.attribution?.utmMedium ?? null,
    referrerHost: details.attribution?.referrer ?? null,
    updatedAt: now,
  };
}

async function createPendingOrder(
  tx: Database,
  args: { cartId: string; userId: string | null; lines: CheckoutLine[]; details: CheckoutDetails; discount: Discount | null; pricing: OrderPricing; taxProvider: string; fingerprint: string; provider: string; now: Date },
): Promise<OrderRow> {
  const short = await reserveStock(tx, args.lines);
  if (short) throw await soldOutError(tx, args.lines.find((l) => l.variantId === short.variantId)!);
  const { priced, chosen, destination } = args.pricing;
  // Store credit and gift cards paid it all: completed at once, with no card (the provider stays 'store_credit', 0055).
  const paidByCredit = args.pricing.storeCreditCents + args.pricing.giftCardCents > 0 && args.pricing.amountDueCents === 0;
  const [order] = await tx
    .insert(orders)
    .values({
      orderNumber: sql`'VS-' || nextval('order_number_seq')`,
      cartId: args.cartId,
      userId: args.userId,
      ...contactColumns(args.details, args.now),
      discountCode: args.discount?.code ?? null,
      subtotalCents: priced.subtotalCents,
      discountCents: priced.discountCents,
      shippingCents: priced.shippingCents,
      taxCents: priced.taxCents,
      totalCents: priced.totalCents,
      shippingMethod: chosen?.name ?? null,
      shippingMinDays: chosen?.minDays ?? null,
      shippingMaxDays: chosen?.maxDays ?? null,
      shippingBeforeDiscountCents: priced.shippingBeforeDiscountCents,
      storeCreditCents: args.pricing.storeCreditCents,
      giftCardCents: args.pricing.giftCardCents,
      taxIncluded: priced.taxIncluded,
      taxProvider: args.taxProvider,
      taxCalculationId: args.pricing.calculationId,
      cartFingerprint: args.fingerprint,
      paymentProvider: paidByCredit ? "store_credit" : args.provider,
      paymentIntentId: paidByCredit ? `${CREDIT_INTENT}${randomBytes(12).toString("hex")}` : null,
      reservationExpiresAt: new Date(args.now.getTime() + RESERVATION_MINUTES * 60_000),
      createdAt: args.now,
    })
    .returning();
  await recordOrderEvent(tx, { orderId: order!.id, from: null, to: "pending", actor: "shopper", at: args.now });
  const items = await tx.insert(orderItems).values(
    args.lines.map((l, i) => ({
      orderId: order!.id,
      productId: l.productId,
      variantId: l.variantId,
      name: l.name,
      imageUrl: orderLineImage(l),
      color: l.color,
      size: l.size,
      unitPriceCents: l.unitPriceCents,
      quantity: l.quantity,
      discountCents: priced.lineDiscounts[i]!,
      giftCard: l.giftCard,
      giftRecipientEmail: l.giftCard ? l.giftRecipientEmail : null,
      giftMessage: l.giftCard ? l.giftMessage : null,
      giftSendAt: l.giftCard ? l.giftSendAt : null,
    })),
  ).returning({ id: orderItems.id });
  await insertOrderTaxLines(tx, order!.id, items.map((item) => item.id), priced.taxLines, destination!);
  return order!;
}

async function soldOutError(tx: Database, line: CheckoutLine): Promise<AppError> {
  const [row] = await tx.select({ available: sql<number>`${variants.onHand} - ${variants.reserved}` }).from(variants).where(eq(variants.id, line.variantId));
  const available = Math.max(0, row?.available ?? 0);
  const label = `${line.name} (${line.color}, size ${line.size})`;
  return new AppError(
    "conflict",
    available === 0 ? `${label} is sold out. Remove it from your cart to check out.` : `Only ${available} left of ${label}. Lower the quantity to check out.`,
  );
}
