import type { Database } from "../db/client";
import { unsubscribe } from "./unsubscribe";
import type { UnsubscribeLinks } from "./unsubscribe-links";

/** One-click unsubscribe links (newsletter, alerts, checkout recovery), signed, never stored. */
export function createUnsubscribeService({ db, links, now }: { db: Database; links: UnsubscribeLinks; now: () => Date }) {
  return {
    /** What a link unsubscribes from (the page's question), or null for a link this store did not sign. */
    describe: async ({ token }: { token: string }) => {
      const target = await links.verify(token);
      return target && { kind: target.kind };
    },
    apply: ({ token }: { token: string }) => unsubscribe({ db, links, token, now }),
  };
}
