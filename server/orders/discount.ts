import { eq } from "drizzle-orm";
import type { Database } from "../db/client";
import { discountCodes } from "../db/schema";
import { AppError } from "../errors";

/** The percentage a code takes off, or a 400 when the code is unknown, inactive or expired. */
export async function findDiscountPercent(db: Database, code: string | undefined, now: Date): Promise<number> {
  if (!code) return 0;
  const [row] = await db.select().from(discountCodes).where(eq(discountCodes.code, code.toUpperCase()));
  if (!row || !row.active || (row.expiresAt && row.expiresAt <= now)) throw new AppError("bad_request", `The code ${code.toUpperCase()} is not valid`);
  return row.percentOff;
}
