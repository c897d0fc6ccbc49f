import type { Database } from "../db/client";
import { storeSecret } from "./store-secret";

/**
 * The one HMAC key that signs and checks drop passes (the waiting room's and early access's alike), kept in
 * store_settings as "drop_pass_key" so every process agrees. The line, the gate and early access all take it from here.
 */
export const dropPassKey = (db: Database, now: () => Date): (() => Promise<Buffer>) => storeSecret(db, "drop_pass_key", now);
