import type { Database } from "../db/client";
import type { Logger } from "../logger";
import type { Mailer } from "../mail/mailer";
import type { PaymentProvider } from "../payments/payment-provider";

/** What checkout and order functions need; built once in server/context.ts (tests swap the clock or provider). */
export interface OrderDeps {
  db: Database;
  payments: PaymentProvider;
  mailer: Mailer;
  logger: Logger;
  now: () => Date;
  storeUrl: string;
}

/** DESIGN §4: a reservation holds stock for 15 minutes. */
export const RESERVATION_MINUTES = 15;
