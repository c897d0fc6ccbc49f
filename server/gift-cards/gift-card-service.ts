import type { Database } from "../db/client";
import type { PublicStore } from "../../shared/store-settings";
import { withDeps } from "../with-deps";
import { addCheckoutGiftCard, removeCheckoutGiftCard } from "./checkout-gift-cards";
import { adjustGiftCard, getGiftCard, issueGiftCard, listGiftCards, setGiftCardStatus } from "./staff-gift-cards";

/** Gift cards (issue 51): staff issue, adjust and disable them; shoppers put them on a checkout, which spends them. */
export function createGiftCardService(deps: { db: Database; now: () => Date; store: () => Promise<PublicStore> }) {
  const { db, now } = deps;
  return {
    issueGiftCard: withDeps(deps, issueGiftCard),
    adjustGiftCard: withDeps({ db, now }, adjustGiftCard),
    setGiftCardStatus: withDeps({ db, now }, setGiftCardStatus),
    listGiftCards: withDeps({ db }, listGiftCards),
    getGiftCard: withDeps({ db }, getGiftCard),
    addCheckoutGiftCard: withDeps({ db, now }, addCheckoutGiftCard),
    removeCheckoutGiftCard: withDeps({ db, now }, removeCheckoutGiftCard),
  };
}
export type GiftCardService = ReturnType<typeof createGiftCardService>;
