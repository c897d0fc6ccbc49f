import { asc, desc, eq } from "drizzle-orm";
import type { Database } from "../db/client";
import { taxCategories } from "../db/schema";
import { AppError } from "../errors";

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** The tax categories a product can be in, the default first (a product without one is taxed as it), then by name. */
export async function listTaxCategories({ db }: { db: Database | Tx }) {
  return db
    .select({ id: taxCategories.id, name: taxCategories.name, isDefault: taxCategories.isDefault })
    .from(taxCategories)
    .orderBy(desc(taxCategories.isDefault), asc(taxCategories.name));
}

/** Refuses a tax category that does not exist; the row stays locked against deletion until the transaction ends. */
export async function requireTaxCategory(tx: Tx, id: number | null | undefined) {
  if (id === null || id === undefined) return;
  const [row] = await tx.select({ id: taxCategories.id }).from(taxCategories).where(eq(taxCategories.id, id)).for("key share");
  if (!row) throw new AppError("bad_request", "Unknown tax category");
}
