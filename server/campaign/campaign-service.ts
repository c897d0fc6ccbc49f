import type { SharedReads } from "../catalog/shared-reads";
import type { Database } from "../db/client";
import { withDeps } from "../with-deps";
import { getCampaign, updateCampaign } from "./campaign";

/** The VSOP drop as a campaign (DESIGN §4): read by every page's copy (shared between visitors), changed by staff. */
export function createCampaignService({ db, now, sharedReads }: { db: Database; now: () => Date; sharedReads: SharedReads }) {
  return {
    get: sharedReads.share((args: { slug?: string } = {}) => getCampaign({ db, now, ...args })),
    update: withDeps({ db, now }, updateCampaign),
  };
}

export type CampaignService = ReturnType<typeof createCampaignService>;
