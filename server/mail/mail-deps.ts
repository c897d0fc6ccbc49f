import type { Database } from "../db/client";
import type { Logger } from "../logger";
import type { StoreIdentity } from "./components/layout";
import type { Mailer } from "./mailer";

/** What a service that writes and emails needs: the database, the mailer, the clock, the store's origin and who it is. */
export interface MailingDeps {
  db: Database;
  mailer: Mailer;
  logger: Logger;
  now: () => Date;
  storeUrl: string;
  /** The store's name, postal address and sender, from the settings when an email is written. */
  storeIdentity: () => Promise<StoreIdentity>;
}
