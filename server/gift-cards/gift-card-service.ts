import type { Database } from "../db/client";
import type { PublicStore } from "../../shared/store-settings";
import type { JobControl } from "../jobs/job-control";
import type { MailingDeps } from "../mail/mail-deps";
import { withDeps } from "../with-deps";
import { dueGiftCards } from "./bought-gift-cards";
import { addCheckoutGiftCard, removeCheckoutGiftCard } from "./checkout-gift-cards";
import { sendGiftCard, sendGiftCardJobSchema } from "./send-gift-card";
import { adjustGiftCard, defaultGiftCardExpiry, getGiftCard, issueGiftCard, listGiftCards, setGiftCardStatus } from "./staff-gift-cards";

/** Gift cards (issue 51): staff issue, adjust and disable them; shoppers buy them, and put them on a checkout, which spends them. */
export function createGiftCardService(deps: MailingDeps & { store: () => Promise<PublicStore>; jobs: JobControl }) {
  const { db, now, jobs, logger } = deps;
  const dbNow = { db: db as Database, now };
  return {
    issueGiftCard: withDeps({ ...dbNow, store: deps.store }, issueGiftCard),
    adjustGiftCard: withDeps(dbNow, adjustGiftCard),
    setGiftCardStatus: withDeps(dbNow, setGiftCardStatus),
    listGiftCards: withDeps({ db }, listGiftCards),
    getGiftCard: withDeps({ db }, getGiftCard),
    addCheckoutGiftCard: withDeps(dbNow, addCheckoutGiftCard),
    removeCheckoutGiftCard: withDeps(dbNow, removeCheckoutGiftCard),
    /** The expiry a card bought now gets (decision 0055). */
    expiryForNew: async () => defaultGiftCardExpiry((await deps.store()).address.country, now()),
    /**
     * Bought cards whose day has come: each queued as a send-gift-card job whose singleton key is the card (one queued
     * or running per card in every process); where no jobs run (tests, tools) sent here, one after another. Run after
     * each payment and by the minute job.
     */
    async sendDue(): Promise<number> {
      const due = await dueGiftCards(db, now());
      for (const giftCardId of due) {
        if (!(await jobs.queue("send-gift-card", { giftCardId }, `gift-card:${giftCardId}`))) await sendGiftCard(deps, giftCardId).catch((err) => logger.error({ err, giftCardId }, "gift card email failed"));
      }
      return due.length;
    },
    /** One card's email (the send-gift-card job). */
    sendOne: async (data: unknown) => {
      await sendGiftCard(deps, sendGiftCardJobSchema.parse(data).giftCardId);
    },
  };
}
export type GiftCardService = ReturnType<typeof createGiftCardService>;
