import { limits, spendAttempt } from "../accounts/rate-limit";
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

/** The contact form (DESIGN §7): 10 messages an hour per IP, since anyone may send one. */
export function createContactService({ db, now }: { db: Database; now: () => Date }) {
  return {
    sendContactMessage: async ({ input, ip }: { input: ContactInput; ip: string }) => {
      await spendAttempt(db, [limits.contactIp(ip)], now);
      return saveContactMessage({ db, input });
    },
  };
}
