import type { Database } from "../db/client";
import { withDeps } from "../with-deps";
import { adjustCredit } from "./adjust-credit";
import { listCredit } from "./store-credit";

/** Store credit (issue 51): a shopper's balance and history, and staff's adjustments. Spending is checkout's (server/orders/start-checkout.ts). */
export function createStoreCreditService(deps: { db: Database; now: () => Date }) {
  return {
    listCredit: withDeps({ db: deps.db }, listCredit),
    adjustCredit: withDeps(deps, adjustCredit),
  };
}
export type StoreCreditService = ReturnType<typeof createStoreCreditService>;
