import { eq } from "drizzle-orm";
import { FIRST_DROP } from "../drops/seed-drops";
import { drops, settings, shippingRates, taxRates, zoneRegions, zones } from "../db/schema";
import type { TestServer } from "./test-server";

type Region = { country: string; subdivision?: string; postalPrefix?: string };

/** Tax and shipping rules written straight into a test's database, then every cache told (as a staff save does). */
export function pricingRules(server: TestServer) {
  const db = server.database.db;
  const changed = () => server.services.catalogChanges.publish({ all: true });
  async function zone(kind: "tax" | "shipping", name: string, regions: Region[]) {
    const [made] = await db.insert(zones).values({ kind, name }).returning();
    if (regions.length) await db.insert(zoneRegions).values(regions.map((r) => ({ zoneId: made!.id, country: r.country, subdivision: r.subdivision ?? null, postalPrefix: r.postalPrefix ?? null })));
    changed();
    return made!.id;
  }
  const everywhere = async (kind: "tax" | "shipping") => (await db.select().from(zones).where(eq(zones.kind, kind))).find((z) => z.name === "Everywhere")!.id;
  return {
    async taxZone(name: string, regions: Region[], rates: { name?: string; rateMilliPercent: number; taxCategoryId?: number }[]) {
      const id = await zone("tax", name, regions);
      await db.insert(taxRates).values(rates.map((r) => ({ zoneId: id, name: r.name ?? "Sales tax", rateMilliPercent: r.rateMilliPercent, taxCategoryId: r.taxCategoryId ?? null })));
      changed();
      return id;
    },
    async shippingZone(name: string, regions: Region[]) {
      return zone("shipping", name, regions);
    },
    async shippingRate(zoneId: number | "everywhere", rate: Omit<typeof shippingRates.$inferInsert, "zoneId" | "minDays" | "maxDays"> & { minDays?: number; maxDays?: number }) {
      const id = zoneId === "everywhere" ? await everywhere("shipping") : zoneId;
      const [made] = await db.insert(shippingRates).values({ minDays: 3, maxDays: 5, ...rate, zoneId: id }).returning();
      changed();
      return made!.id;
    },
    /** Turns off the seeded free "Standard shipping" rate. */
    async noFreeShippingEverywhere() {
      await db.update(shippingRates).set({ active: false }).where(eq(shippingRates.zoneId, await everywhere("shipping")));
      changed();
    },
    async settings(values: Partial<typeof settings.$inferInsert>) {
      if (Object.keys(values).length) await db.update(settings).set(values);
      changed();
    },
    /** The first drop's (VSOP's) own flag: with it on, an order of its pre-orders alone ships free (server/pricing/preorder-shipping.ts). */
    async preorderFreeShipping(on: boolean) {
      await db.update(drops).set({ freeShipping: on }).where(eq(drops.slug, FIRST_DROP));
      changed();
    },
    /**
     * Back to the seeded day-one rules, but with the first drop's free pre-order shipping off: the suites price the VSOP
     * shorts, a pre-order of that drop, against the staff's rates. A test of that promise turns it on.
     */
    async reset() {
      await db.delete(zones).where(eq(zones.kind, "tax"));
      await db.delete(zones).where(eq(zones.kind, "shipping"));
      const [tax, ship] = await db.insert(zones).values([{ kind: "tax" as const, name: "Everywhere" }, { kind: "shipping" as const, name: "Everywhere" }]).returning();
      await db.insert(taxRates).values({ zoneId: tax!.id, name: "Sales tax", rateMilliPercent: 8000 });
      await db.insert(shippingRates).values({ zoneId: ship!.id, name: "Standard shipping", kind: "free", amountCents: 0, minDays: 3, maxDays: 5 });
      await db.update(settings).set({ pricesIncludeTax: false, taxOnShipping: false, taxProvider: "manual" });
      await db.update(drops).set({ freeShipping: false }).where(eq(drops.slug, FIRST_DROP));
      changed();
    },
  };
}
