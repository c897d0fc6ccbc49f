import { eq, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { discountCodes, type OrderItemRow, type OrderRow, type TaxProviderName, variants } from "../db/schema";
import { AppError } from "../errors";
import { loadVariantLines, orderLineImage } from "../orders/checkout-lines";
import { ruleOf } from "../orders/discount";
import type { OrderDeps } from "../orders/order-deps";
import { shippingAddressOf } from "../orders/order-json";
import { type OrderLine, priceOrder } from "../pricing/price-order";
import type { TaxLine } from "../pricing/order-totals";
import type { Destination } from "../pricing/zones";
import type { EditChange } from "./edit-schemas";

/** One line of the order after the edit: an existing order item (itemId) or a new one (null), as it will be stored. */
export interface PlannedLine {
  itemId: number | null;
  productId: number;
  variantId: number;
  name: string;
  imageUrl: string;
  color: string;
  size: string;
  unitPriceCents: number;
  quantity: number;
  discountCents: number;
}

export interface PlannedAddress {
  name: string;
  line1: string;
  line2: string | null;
  city: string;
  region: string;
  postalCode: string;
  country: string;
}

/** The order as the edit leaves it, priced once by priceOrder and stored with the edit, so it is applied as priced. */
export interface PlannedOrder {
  lines: PlannedLine[];
  address: PlannedAddress;
  totals: {
    subtotalCents: number;
    discountCents: number;
    shippingCents: number;
    taxCents: number;
    totalCents: number;
    shippingMethod: string | null;
    shippingMinDays: number | null;
    shippingMaxDays: number | null;
    shippingBeforeDiscountCents: number;
    taxIncluded: boolean;
  };
  /** Tax lines by index into `lines` (null: the shipping's). */
  taxLines: TaxLine[];
  destination: Destination;
  /** Per variant, the units the edit takes (above 0) or puts back (below 0). */
  stock: { variantId: number; quantity: number }[];
}

type PlanDeps = Pick<OrderDeps, "db" | "pricingRules" | "taxProvider">;
type Working = PlannedLine & { pricing: Omit<OrderLine, "unitPriceCents" | "quantity"> };

const label = (l: Pick<PlannedLine, "name" | "color" | "size">) => `${l.name} (${l.color}, size ${l.size})`;

/**
 * The order after `changes`, applied in the order given, and priced again through priceOrder with the order's own
 * code, shipping method and tax provider (decision 0056). Lines already on the order keep the price they were bought
 * at (a swap too: it changes the size or colour of the same product); added lines cost today's price. Nothing is
 * written: the caller takes the stock and stores the plan in one transaction.
 */
export async function planEdit(deps: PlanDeps, { order, items, changes }: { order: OrderRow; items: OrderItemRow[]; changes: EditChange[] }): Promise<{ plan: PlannedOrder; summary: string[] }> {
  const wanted = [...new Set(changes.flatMap((c) => (c.type === "swap" || c.type === "add" ? [c.variantId] : [])).concat(items.map((i) => i.variantId)))];
  const known = new Map((await loadVariantLines(deps.db, wanted)).map((v) => [v.variantId, v]));
  const variantOf = (id: number) => {
    const v = known.get(id);
    if (!v) throw new AppError("bad_request", `There is no variant ${id}`);
    return v;
  };
  const pricingOf = (id: number) => {
    const v = known.get(id);
    return { collectionId: v?.collectionId ?? 0, taxCategoryId: v?.taxCategoryId ?? null, weightGrams: v?.weightGrams ?? null, freePreorderShipping: v?.freePreorderShipping ?? false };
  };
  let lines: Working[] = items.map((i) => ({ itemId: i.id, productId: i.productId, variantId: i.variantId, name: i.name, imageUrl: i.imageUrl, color: i.color, size: i.size, unitPriceCents: i.unitPriceCents, quantity: i.quantity, discountCents: i.discountCents, pricing: pricingOf(i.variantId) }));
  let address: PlannedAddress = shippingAddressOf(order);
  const summary: string[] = [];
  const lineOf = (lineId: number) => {
    const line = lines.find((l) => l.itemId === lineId);
    if (!line) throw new AppError("bad_request", `Order ${order.orderNumber} has no line ${lineId}`);
    // A gift card's code is issued for the amount paid (server/gift-cards): it is refunded, never edited.
    if (known.get(line.variantId)?.giftCard) throw new AppError("bad_request", `${line.name} is a gift card: it can't be edited (refund it instead)`);
    return line;
  };
  for (const change of changes) {
    if (change.type === "swap") {
      const line = lineOf(change.lineId);
      const to = variantOf(change.variantId);
      if (to.productId !== line.productId) throw new AppError("bad_request", `A swap changes the size or colour of ${line.name}; to change the product, remove the line and add the other one`);
      if (to.variantId === line.variantId) throw new AppError("bad_request", `Line ${change.lineId} is already ${label(line)}`);
      const other = lines.find((l) => l !== line && l.variantId === to.variantId);
      if (other) throw new AppError("bad_request", `${label(to)} is already on line ${other.itemId ?? "added"}: change that line's quantity instead`);
      if (!to.active) throw new AppError("conflict", `${label(to)} is not for sale`);
      summary.push(`${line.name}: ${line.color === to.color ? `size ${line.size} → ${to.size}` : `${line.color}, size ${line.size} → ${to.color}, size ${to.size}`}`);
      Object.assign(line, { variantId: to.variantId, color: to.color, size: to.size, imageUrl: imageOf(to, line), pricing: pricingOf(to.variantId) });
    } else if (change.type === "quantity") {
      const line = lineOf(change.lineId);
      if (line.quantity === change.quantity) throw new AppError("bad_request", `Line ${change.lineId} already has ${change.quantity}`);
      summary.push(`${label(line)}: quantity ${line.quantity} → ${change.quantity}`);
      line.quantity = change.quantity;
    } else if (change.type === "add") {
      const v = variantOf(change.variantId);
      if (v.giftCard) throw new AppError("bad_request", `${v.name} is a gift card: it is bought at checkout, not added to an order`);
      if (!v.active) throw new AppError("conflict", `${label(v)} is not for sale`);
      const same = lines.find((l) => l.variantId === v.variantId);
      if (same && same.quantity + change.quantity > 99) throw new AppError("bad_request", `${label(v)} would have more than 99 units`);
      summary.push(`Added ${change.quantity} × ${label(v)}`);
      if (same) same.quantity += change.quantity;
      else lines.push({ itemId: null, productId: v.productId, variantId: v.variantId, name: v.name, imageUrl: imageOf(v, null), color: v.color, size: v.size, unitPriceCents: v.unitPriceCents, quantity: change.quantity, discountCents: 0, pricing: pricingOf(v.variantId) });
    } else if (change.type === "remove") {
      const line = lineOf(change.lineId);
      summary.push(`Removed ${line.quantity} × ${label(line)}`);
      lines = lines.filter((l) => l !== line);
    } else {
      const { name, ...rest } = change.address;
      address = { name: name ?? address.name, line1: rest.line1, line2: rest.line2 || null, city: rest.city, region: rest.region, postalCode: rest.postalCode.toUpperCase(), country: rest.country };
      summary.push(`Ships to ${address.name}, ${address.line1}${address.line2 ? `, ${address.line2}` : ""}, ${address.city}, ${address.region} ${address.postalCode}, ${address.country}`);
    }
  }
  if (lines.length === 0) throw new AppError("bad_request", "An order keeps at least one line: to end it, cancel the order instead");
  const stock = stockDeltas(items, lines);
  await refuseShortStock(deps.db, stock, known);
  return { plan: await priceLines(deps, order, lines, address, stock), summary };
}

function imageOf(v: Parameters<typeof orderLineImage>[0], line: Working | null): string {
  // Same colour: the picture the line already had.
  return line && line.color === v.color ? line.imageUrl : orderLineImage(v);
}

/** Per variant, new units − old units, leaving out the variants that don't move. */
function stockDeltas(items: OrderItemRow[], lines: PlannedLine[]) {
  const delta = new Map<number, number>();
  for (const i of items) delta.set(i.variantId, (delta.get(i.variantId) ?? 0) - i.quantity);
  for (const l of lines) delta.set(l.variantId, (delta.get(l.variantId) ?? 0) + l.quantity);
  return [...delta].filter(([, q]) => q !== 0).map(([variantId, quantity]) => ({ variantId, quantity }));
}

/** A first look (the conditional UPDATE in the edit's transaction is the guard): a 409 naming what is short. */
async function refuseShortStock(db: Database, stock: PlannedOrder["stock"], known: Map<number, { name: string; color: string; size: string }>) {
  for (const { variantId, quantity } of stock.filter((s) => s.quantity > 0)) {
    const [row] = await db.select({ available: sql<number>`${variants.onHand} - ${variants.reserved}` }).from(variants).where(eq(variants.id, variantId));
    const available = Math.max(0, Number(row?.available ?? 0));
    if (available < quantity) throw shortStockError(known.get(variantId)!, available);
  }
}

export function shortStockError(v: { name: string; color: string; size: string }, available: number): AppError {
  return new AppError("conflict", available === 0 ? `${label(v)} is sold out` : `Only ${available} left of ${label(v)}`);
}

async function priceLines(deps: PlanDeps, order: OrderRow, lines: Working[], address: PlannedAddress, stock: PlannedOrder["stock"]): Promise<PlannedOrder> {
  const rules = await deps.pricingRules();
  const taxProvider = deps.taxProvider(order.taxProvider as TaxProviderName);
  // The order's own code, as it was when the order was placed: the edit doesn't ask again whether it may be used.
  const [code] = order.discountCode ? await deps.db.select().from(discountCodes).where(eq(discountCodes.code, order.discountCode)) : [];
  const priced = lines.map((l) => ({ ...l.pricing, unitPriceCents: l.unitPriceCents, quantity: l.quantity }));
  const context = { rules, taxProvider, discount: code ? ruleOf(code) : null, address, strict: true };
  let pricing = await priceOrder(priced, context);
  // The order's shipping method when this cart and address may still use it; the cheapest otherwise.
  const same = pricing.options.find((o) => o.name === order.shippingMethod);
  if (same && same.id !== pricing.chosen?.id) pricing = await priceOrder(priced, { ...context, shippingRateId: same.id });
  const { priced: p, chosen } = pricing;
  return {
    lines: lines.map(({ pricing: _, ...l }, i) => ({ ...l, discountCents: p.lineDiscounts[i]! })),
    address,
    totals: {
      subtotalCents: p.subtotalCents,
      discountCents: p.discountCents,
      shippingCents: p.shippingCents,
      taxCents: p.taxCents,
      totalCents: p.totalCents,
      shippingMethod: chosen?.name ?? null,
      shippingMinDays: chosen?.minDays ?? null,
      shippingMaxDays: chosen?.maxDays ?? null,
      shippingBeforeDiscountCents: p.shippingBeforeDiscountCents,
      taxIncluded: p.taxIncluded,
    },
    taxLines: p.taxLines,
    destination: pricing.destination!,
    stock,
  };
}
