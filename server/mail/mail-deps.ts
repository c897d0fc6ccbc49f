import type { Database } from "../db/client";
import type { Logger } from "../logger";
import type { Mailer } from "./mailer";

/** What a service that writes and emails needs: the database, the mailer, the clock, the store's origin and postal address. */
export interface MailingDeps {
  db: Database;
  mailer: Mailer;
  logger: Logger;
  now: () => Date;
  storeUrl: string;
  /** The postal address in every email's footer (STORE_ADDRESS). */
  storeAddress: string;
}
