import type { Writable } from "node:stream";
import type { MailingDeps } from "../mail/mail-deps";
import { writeCatalogFeed } from "./catalog-feed";
import { summarizeFeed } from "./feed-summary";
import { feedTokens } from "./feed-token";

export interface FeedDeps extends Pick<MailingDeps, "db" | "now" | "storeUrl" | "storeIdentity"> {
  /** FEED_TOKEN, when the server fixes the secret; otherwise the store keeps one in the database. */
  feedToken: string | null;
}

/** The catalog feed Meta's scheduled fetch reads (Instagram Shop): its secret address, the CSV and its summary. */
export function createFeedService({ db, now, storeUrl, storeIdentity, feedToken }: FeedDeps) {
  const tokens = feedTokens({ db, fixed: feedToken, now });
  const scheduledFeedUrl = (token: string) => `${storeUrl}/api/instagram-shop/feed?token=${encodeURIComponent(token)}`;
  return {
    token: tokens.current,
    rotatable: tokens.rotatable,
    rotateToken: async ({ actor }: { actor: string }) => scheduledFeedUrl(await tokens.rotate({ actor })),
    /** The address Meta's scheduled fetch reads, shown to staff in the setup steps. */
    scheduledUrl: async () => scheduledFeedUrl(await tokens.current()),
    write: async ({ out }: { out: Writable }) => writeCatalogFeed({ db, storeUrl, brand: (await storeIdentity()).name, out }),
    summary: () => summarizeFeed({ db }),
  };
}

export type FeedService = ReturnType<typeof createFeedService>;
