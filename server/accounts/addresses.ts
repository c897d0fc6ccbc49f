import { and, asc, desc, eq, ne } from "drizzle-orm";
import type { Database } from "../db/client";
import { addresses } from "../db/schema";
import { AppError } from "../errors";
import type { SavedAddressChange, SavedAddressInput } from "./address-schemas";

const MAX_ADDRESSES = 20;
type Row = typeof addresses.$inferSelect;

const toJson = (a: Row) => ({ id: a.id, name: a.name, line1: a.line1, line2: a.line2, city: a.city, region: a.region, postalCode: a.postalCode, country: a.country, isDefault: a.isDefault });
export type SavedAddress = ReturnType<typeof toJson>;

/** The shopper's address book, the default first. */
export async function listAddresses({ db, userId }: { db: Database; userId: string }): Promise<SavedAddress[]> {
  const rows = await db.select().from(addresses).where(eq(addresses.userId, userId)).orderBy(desc(addresses.isDefault), asc(addresses.createdAt));
  return rows.map(toJson);
}

/** Makes one address the default, and no other. */
async function makeDefault(tx: Database, userId: string, id: string) {
  await tx.update(addresses).set({ isDefault: false }).where(and(eq(addresses.userId, userId), ne(addresses.id, id)));
  await tx.update(addresses).set({ isDefault: true }).where(and(eq(addresses.userId, userId), eq(addresses.id, id)));
}

/** Saves a new address (the first one, or one asked to be, becomes the default); the same address twice is kept once. */
export async function addAddress({ db, userId, input }: { db: Database; userId: string; input: SavedAddressInput }) {
  return db.transaction(async (tx) => {
    const t = tx as unknown as Database;
    const mine = await t.select().from(addresses).where(eq(addresses.userId, userId)).for("update");
    const same = mine.find((a) => a.name === input.name && a.line1 === input.line1 && (a.line2 ?? "") === (input.line2 ?? "") && a.city === input.city && a.postalCode === input.postalCode && a.country === input.country);
    if (same) return toJson(same);
    if (mine.length >= MAX_ADDRESSES) throw new AppError("conflict", `An address book holds ${MAX_ADDRESSES} addresses: remove one first`);
    const { isDefault, ...fields } = input;
    const [made] = await t.insert(addresses).values({ ...fields, line2: fields.line2 || null, userId }).returning();
    if (isDefault || mine.length === 0) await makeDefault(t, userId, made!.id);
    return toJson({ ...made!, isDefault: isDefault || mine.length === 0 });
  });
}

/** Changes an address of the shopper's (another's is a 404). */
export async function updateAddress({ db, userId, id, change }: { db: Database; userId: string; id: string; change: SavedAddressChange }) {
  await db.transaction(async (tx) => {
    const t = tx as unknown as Database;
    const { isDefault, ...fields } = change;
    const [row] = await t.select().from(addresses).where(and(eq(addresses.id, id), eq(addresses.userId, userId))).for("update");
    if (!row) throw new AppError("not_found", "Address not found");
    if (Object.keys(fields).length) await t.update(addresses).set({ ...fields, ...(fields.line2 !== undefined ? { line2: fields.line2 || null } : {}) }).where(eq(addresses.id, id));
    if (isDefault) await makeDefault(t, userId, id);
  });
  return listAddresses({ db, userId });
}

/** Removes an address; when it was the default, the oldest one left takes its place. */
export async function deleteAddress({ db, userId, id }: { db: Database; userId: string; id: string }) {
  await db.transaction(async (tx) => {
    const t = tx as unknown as Database;
    const [gone] = await t.delete(addresses).where(and(eq(addresses.id, id), eq(addresses.userId, userId))).returning();
    if (!gone) throw new AppError("not_found", "Address not found");
    if (gone.isDefault) {
      const [next] = await t.select().from(addresses).where(eq(addresses.userId, userId)).orderBy(asc(addresses.createdAt)).limit(1);
      if (next) await makeDefault(t, userId, next.id);
    }
  });
  return listAddresses({ db, userId });
}
