import type { ContactInput } from "./contact-schemas";
import type { Database } from "../db/client";
import { contactMessages } from "../db/schema";

/** Stores a message for the customer service team. */
export async function saveContactMessage({ db, input }: { db: Database; input: ContactInput }): Promise<{ received: true; reference: string }> {
  const [row] = await db
    .insert(contactMessages)
    .values({ ...input, orderNumber: input.orderNumber ? input.orderNumber.toUpperCase() : null })
    .returning({ id: contactMessages.id });
  return { received: true, reference: `MSG-${String(row!.id).padStart(6, "0")}` };
}
