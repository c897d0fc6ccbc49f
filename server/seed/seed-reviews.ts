import { and, asc, eq, sql } from "drizzle-orm";
import type { Fit } from "../../shared/reviews";
import { productImageUrl } from "../catalog/images/image-url";
import { totalOrder } from "../pricing/order-totals";
import { loadPricingRules, type PricingRules } from "../pricing/pricing-rules";
import { manualTaxProvider } from "../tax/manual-tax";
import { insertOrderTaxLines } from "../orders/tax-lines";
import { refreshProductRating, reviewerName } from "../reviews/review-rows";
import type { Database } from "../db/client";
import { rowsOf } from "../db/rows";
import { orderEvents, orderItems, orders, products, reviews, users, variants } from "../db/schema";
import { FIRST_NAMES, LAST_NAMES, reviewText } from "./review-texts";
import { createRandom, randomInt } from "./random";

const BUYERS = 90;
const DAY = 86_400_000;
/** Seeded orders were delivered between these dates, reviews published a few days later. */
const FIRST_DELIVERY = Date.UTC(2026, 7, 1);
const LAST_DELIVERY = Date.UTC(2026, 9, 20);
/** Garments without a fit to speak of. */
const NO_FIT = new Set(["cap", "beanie", "bag", "scarf", "belt", "socks"]);
const NOUNS: Record<string, string> = { tshirt: "tee", longsleeve: "long sleeve", jeans: "pair of jeans", pants: "pair of trousers", shorts: "pair of shorts", top: "top", onesie: "bodysuit", socks: "pair of socks" };

interface Line {
  productId: number;
  variantId: number;
  name: string;
  color: string;
  size: string;
  unitPriceCents: number;
  garment: string;
}

/**
 * The demo catalogue's reviews, written as the store would have collected them: seeded buyers (who cannot sign in),
 * one delivered order each, and one published review per product they bought. Pre-order pieces have not shipped, so
 * they have none. Ratings on products are then computed from these reviews, like any other. Does nothing once the
 * store has any review.
 */
export async function seedReviews(db: Database): Promise<{ buyers: number; reviews: number }> {
  const [existing] = await db.select({ id: reviews.id }).from(reviews).limit(1);
  if (existing) return { buyers: 0, reviews: 0 };
  const catalogue = await db
    .select({ id: products.id, name: products.name, garment: products.garment, bestseller: products.bestseller })
    .from(products)
    .where(and(eq(products.status, "active"), eq(products.preorder, false)))
    .orderBy(asc(products.id));
  const variantRows = await db.select({ id: variants.id, productId: variants.productId, color: variants.color, size: variants.size, priceCents: variants.priceCents }).from(variants).orderBy(asc(variants.id));

  // Which buyer bought (and reviewed) what: a product's reviewers are distinct buyers.
  const bought = new Map<number, { line: Line; rating: number; fit: Fit | null }[]>();
  for (const product of catalogue) {
    const random = createRandom(product.id * 15_485_863);
    const own = variantRows.filter((v) => v.productId === product.id);
    if (own.length === 0) continue;
    const quality = 3.3 + random() * 1.6;
    const tendency: Fit = random() < 0.6 ? "true" : random() < 0.5 ? "small" : "large";
    const howMany = randomInt(random, 0, 7) + (product.bestseller ? 4 : 0);
    const reviewers = new Set<number>();
    while (reviewers.size < howMany) reviewers.add(randomInt(random, 0, BUYERS - 1));
    for (const buyer of reviewers) {
      const variant = own[randomInt(random, 0, own.length - 1)]!;
      const rating = Math.min(5, Math.max(1, Math.round(quality + (random() - 0.5) * 2.4)));
      const fit: Fit | null = NO_FIT.has(product.garment) || random() < 0.25 ? null : random() < 0.8 ? tendency : (["small", "true", "large"] as const)[randomInt(random, 0, 2)]!;
      const line = { productId: product.id, variantId: variant.id, name: product.name, color: variant.color, size: variant.size, unitPriceCents: variant.priceCents, garment: product.garment };
      bought.set(buyer, [...(bought.get(buyer) ?? []), { line, rating, fit }]);
    }
  }

  // Read before the transaction: its reads run together, and a transaction's one connection takes one query at a time.
  const rules = await loadPricingRules(db);
  return db.transaction(async (tx) => {
    const t = tx as unknown as Database;
    let written = 0;
    for (const [buyer, purchases] of [...bought.entries()].sort(([a], [b]) => a - b)) {
      const random = createRandom(buyer * 7_919 + 13);
      const name = `${FIRST_NAMES[buyer % FIRST_NAMES.length]} ${LAST_NAMES[(buyer * 7) % LAST_NAMES.length]}`;
      const delivered = new Date(FIRST_DELIVERY + Math.floor(random() * (LAST_DELIVERY - FIRST_DELIVERY)));
      const placed = new Date(delivered.getTime() - 5 * DAY);
      const [user] = await t
        .insert(users)
        .values({
          username: `${name.toLowerCase().replace(/\W+/g, ".")}.${buyer + 1}`,
          email: `${name.toLowerCase().replace(/\W+/g, ".")}.${buyer + 1}@example.com`,
          name,
          // Not a hash: nobody can sign in as a seeded buyer.
          passwordHash: "!seeded-buyer",
          emailVerifiedAt: placed,
          createdAt: placed,
          updatedAt: placed,
        })
        .returning({ id: users.id, email: users.email });
      const order = await insertDeliveredOrder(t, rules, { userId: user!.id, email: user!.email, name, lines: purchases.map((p) => p.line), placed, delivered, buyer });
      const published = new Date(delivered.getTime() + randomInt(random, 2, 12) * DAY);
      await t.insert(reviews).values(
        purchases.map(({ line, rating, fit }) => ({
          productId: line.productId,
          userId: user!.id,
          orderId: order,
          size: line.size,
          color: line.color,
          rating,
          fit,
          ...reviewText((list) => list[randomInt(random, 0, list.length - 1)]!, { rating, fit, garment: NOUNS[line.garment] ?? line.garment, color: line.color, size: line.size }),
          authorName: reviewerName(name),
          status: "published" as const,
          moderatedBy: "seed",
          publishedAt: published,
          createdAt: new Date(published.getTime() - DAY),
          updatedAt: new Date(published.getTime() - DAY),
        })),
      );
      written += purchases.length;
    }
    for (const { id } of catalogue) await refreshProductRating(t, id);
    return { buyers: bought.size, reviews: written };
  });
}

async function insertDeliveredOrder(db: Database, rules: PricingRules, { userId, email, name, lines, placed, delivered, buyer }: { userId: string; email: string; name: string; lines: Line[]; placed: Date; delivered: Date; buyer: number }): Promise<string> {
  const [{ n }] = rowsOf<{ n: number }>(await db.execute(sql`select nextval('order_number_seq')::int as n`)) as [{ n: number }];
  // Priced by the store's own rules (the seeded tables: shipping free, 8 % everywhere), tax lines and all.
  const destination = { country: "US", subdivision: "US-OR", postalCode: "97205" };
  const untaxed = totalOrder({ lines: lines.map((l) => ({ unitPriceCents: l.unitPriceCents, quantity: 1 })) });
  const quote = await manualTaxProvider(async () => rules).quote({
    lines: lines.map((l, i) => ({ reference: `line-${i}`, amountCents: l.unitPriceCents, quantity: 1, taxCategoryId: null })),
    shippingCents: untaxed.shippingCents,
    address: destination,
    included: rules.pricesIncludeTax,
  });
  const taxCents = quote.lines.reduce((sum, t) => sum + t.taxCents, 0);
  const totals = { subtotalCents: untaxed.subtotalCents, discountCents: 0, shippingCents: 0, taxCents, totalCents: untaxed.subtotalCents + (rules.pricesIncludeTax ? 0 : taxCents) };
  const shipped = new Date(placed.getTime() + 2 * DAY);
  const [order] = await db
    .insert(orders)
    .values({
      orderNumber: `VS-${n}`,
      userId,
      status: "delivered",
      email,
      shippingName: name,
      shippingLine1: `${100 + buyer * 3} Market Street`,
      shippingCity: "Portland",
      shippingRegion: "OR",
      shippingPostalCode: "97205",
      shippingCountry: "US",
      ...totals,
      shippingMethod: "Standard shipping",
      shippingMinDays: 3,
      shippingMaxDays: 5,
      shippingBeforeDiscountCents: 0,
      cartFingerprint: "seed",
      paymentProvider: "test",
      stockState: "committed",
      reservationExpiresAt: placed,
      paidAt: placed,
      confirmationSentAt: placed,
      shippedAt: shipped,
      createdAt: placed,
      updatedAt: delivered,
    })
    .returning({ id: orders.id });
  const items = await db
    .insert(orderItems)
    .values(lines.map((l) => ({ orderId: order!.id, productId: l.productId, variantId: l.variantId, name: l.name, imageUrl: productImageUrl(l.garment, l.color, "front"), color: l.color, size: l.size, unitPriceCents: l.unitPriceCents, quantity: 1 })))
    .returning({ id: orderItems.id });
  await insertOrderTaxLines(db, order!.id, items.map((i) => i.id), quote.lines, destination);
  const steps = [
    ["pending", "paid", placed],
    ["paid", "processing", new Date(placed.getTime() + DAY)],
    ["processing", "shipped", shipped],
    ["shipped", "delivered", delivered],
  ] as const;
  await db.insert(orderEvents).values(steps.map(([fromStatus, toStatus, createdAt]) => ({ orderId: order!.id, fromStatus, toStatus, actor: "seed", createdAt })));
  return order!.id;
}
