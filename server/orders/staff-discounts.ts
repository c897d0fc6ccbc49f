import { and, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import { recordAudit } from "../audit/audit-log";
import type { Database } from "../db/client";
import { categories, discountCodes, discountRedemptions, orders } from "../db/schema";
import { AppError } from "../errors";
import { type DiscountChange, type DiscountFields, kindProblems } from "./discount-schemas";

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];
type Actor = { actor: string; now?: () => Date };

/** Collection slugs → their ids; an unknown one is a 400. */
async function collectionIds(tx: Tx, slugs: string[]): Promise<number[]> {
  if (slugs.length === 0) return [];
  const rows = await tx.select({ id: categories.id, slug: categories.slug }).from(categories).where(and(inArray(categories.slug, slugs), isNull(categories.parentId)));
  const unknown = slugs.filter((s) => !rows.some((r) => r.slug === s));
  if (unknown.length) throw new AppError("bad_request", `Unknown collection '${unknown[0]}'`);
  return rows.map((r) => r.id);
}

/**
 * Staff codes with what they brought: paid orders (uses), open checkouts holding one, and the revenue of the paid
 * orders (what shoppers paid, after the discount). Exit-intent offers are summed up on one line.
 */
export async function listDiscounts({ db }: { db: Database }) {
  const usage = db
    .select({
      code: discountRedemptions.code,
      uses: sql<number>`count(*) filter (where ${discountRedemptions.state} = 'paid')::int`.as("uses"),
      held: sql<number>`count(*) filter (where ${discountRedemptions.state} = 'held')::int`.as("held"),
      revenueCents: sql<number>`coalesce(sum(${orders.totalCents}) filter (where ${discountRedemptions.state} = 'paid'), 0)::int`.as("revenue_cents"),
      discountCents: sql<number>`coalesce(sum(${orders.discountCents}) filter (where ${discountRedemptions.state} = 'paid'), 0)::int`.as("discount_cents"),
    })
    .from(discountRedemptions)
    .innerJoin(orders, eq(orders.id, discountRedemptions.orderId))
    .groupBy(discountRedemptions.code)
    .as("usage");
  const [rows, cats, [offers]] = await Promise.all([
    db
      .select({ code: discountCodes, uses: sql<number>`coalesce(${usage.uses}, 0)`, held: sql<number>`coalesce(${usage.held}, 0)`, revenueCents: sql<number>`coalesce(${usage.revenueCents}, 0)`, discountCents: sql<number>`coalesce(${usage.discountCents}, 0)` })
      .from(discountCodes)
      .leftJoin(usage, eq(usage.code, discountCodes.code))
      .where(eq(discountCodes.source, "staff"))
      .orderBy(desc(discountCodes.createdAt), discountCodes.code),
    db.select({ id: categories.id, slug: categories.slug, name: categories.name }).from(categories).where(isNull(categories.parentId)),
    db
      .select({ made: sql<number>`count(distinct ${discountCodes.code})::int`, uses: sql<number>`count(${discountRedemptions.orderId}) filter (where ${discountRedemptions.state} = 'paid')::int` })
      .from(discountCodes)
      .leftJoin(discountRedemptions, eq(discountRedemptions.code, discountCodes.code))
      .where(eq(discountCodes.source, "offer")),
  ]);
  return {
    discounts: rows.map(({ code: c, ...usage }) => ({
      code: c.code,
      kind: c.kind,
      percentOff: c.percentOff,
      amountOffCents: c.amountOffCents,
      minSubtotalCents: c.minSubtotalCents,
      startsAt: c.startsAt,
      expiresAt: c.expiresAt,
      usageLimit: c.usageLimit,
      oncePerCustomer: c.oncePerCustomer,
      collections: cats.filter((k) => c.collectionIds.includes(k.id)).map((k) => ({ slug: k.slug, name: k.name })),
      active: c.active,
      ...usage,
    })),
    offers: { made: offers?.made ?? 0, uses: offers?.uses ?? 0 },
  };
}

/** A new staff code; its code is unique whatever its case. */
export async function createDiscount({ db, input, actor, now: clock = () => new Date() }: { db: Database; input: DiscountFields } & Actor) {
  const now = clock();
  await db.transaction(async (tx) => {
    const [taken] = await tx.select({ code: discountCodes.code }).from(discountCodes).where(eq(discountCodes.code, input.code));
    if (taken) throw new AppError("conflict", `There is already a code ${input.code}`);
    const { collections, ...rules } = input;
    await tx.insert(discountCodes).values({ ...rules, collectionIds: await collectionIds(tx, collections), source: "staff", createdAt: now });
    await recordAudit(tx, { actor, entity: "discount", entityId: input.code, action: "create", after: input }, now);
  });
}

/** Changes a code's rules (a paid order keeps the discount it was given); e.g. `active: false` stops it at once. */
export async function updateDiscount({ db, code, change, actor, now: clock = () => new Date() }: { db: Database; code: string; change: DiscountChange } & Actor) {
  const now = clock();
  await db.transaction(async (tx) => {
    const [current] = await tx.select().from(discountCodes).where(eq(discountCodes.code, code.toUpperCase())).for("update");
    if (!current || current.source !== "staff") throw new AppError("not_found", `No code ${code.toUpperCase()}`);
    const { collections, ...rules } = change;
    const next = { ...current, ...rules };
    // Changing the kind clears the other kind's value unless it is given.
    if (rules.kind && rules.kind !== current.kind) {
      if (rules.percentOff === undefined) next.percentOff = null;
      if (rules.amountOffCents === undefined) next.amountOffCents = null;
    }
    const problem = kindProblems(next);
    if (problem) throw new AppError("bad_request", `Invalid discount: ${problem}`);
    const ids = collections ? await collectionIds(tx, collections) : current.collectionIds;
    await tx
      .update(discountCodes)
      .set({ kind: next.kind, percentOff: next.percentOff, amountOffCents: next.amountOffCents, minSubtotalCents: next.minSubtotalCents, startsAt: next.startsAt, expiresAt: next.expiresAt, usageLimit: next.usageLimit, oncePerCustomer: next.oncePerCustomer, active: next.active, collectionIds: ids })
      .where(eq(discountCodes.code, current.code));
    await recordAudit(tx, { actor, entity: "discount", entityId: current.code, action: "update", after: change }, now);
  });
}
