import type { CatalogChanges } from "../cache/catalog-changes";
import type { SharedReads } from "../catalog/shared-reads";
import type { JobControl } from "../jobs/job-control";
import type { MailingDeps } from "../mail/mail-deps";
import type { UnsubscribeLinks } from "../unsubscribe/unsubscribe-links";
import { createDropAdmin } from "./drop-admin-service";
import { createDropIndex } from "./drop-index";
import { createEarlyAccessService } from "./early-access/early-access-service";
import { readFeaturedDrop } from "./featured-drop";
import { createDropGate } from "./gate/drop-gate";
import { dropPassKey } from "./pass-key";
import { getPublicDrop } from "./public-drop";
import { storeSecret } from "./store-secret";

export interface DropsDeps extends MailingDeps {
  /**
   * The real clock (STORE_CLOCK_OFFSET honoured), beside `now`, the service clock a render ahead sees at its instant
   * (decision 0051): the index's phase timers run on this one.
   */
  clock: () => Date;
  catalogChanges: CatalogChanges;
  /** A drop's public page and the featured drop are the same for every viewer: shared for a moment. */
  sharedReads: SharedReads;
  unsubscribeLinks: UnsubscribeLinks;
  jobs: JobControl;
}

/** Drops (issue 48): which drop a product is in and its phase, staff's drops, the line, the gate, early access. */
export function createDropsService({ clock, catalogChanges, sharedReads, ...deps }: DropsDeps) {
  const { db, now } = deps;
  /** The drops not archived and their products, in memory, with the timer that drops the caches at each phase change. */
  const index = createDropIndex({ db, now, clock, catalogChanges });
  /** The HMAC key of drop passes (the line's and early access's), and the gate that checks them. */
  const passKey = dropPassKey(db, now);
  const featured = sharedReads.share((_: object) => readFeaturedDrop({ db, index, now }));
  return {
    index,
    /** Staff's drops: create, change, archive, delete, and the live figures and report (/admin/drops). */
    admin: createDropAdmin({ db, now, catalogChanges }),
    passKey,
    /** Early access: the invitations emailed at earlyAccessAt, and their links redeemed as early passes. */
    earlyAccess: createEarlyAccessService({ ...deps, index, passKey }),
    /** The clock's rule at add-to-cart and checkout, the waiting room and its proof of work (server/drops/gate). */
    gate: createDropGate({ db, now, index, passKey, altchaKey: storeSecret(db, "altcha_key", now) }),
    /** A drop's public page data (GET /api/drops/{slug}, /drops/{slug}), read once a moment for every viewer. */
    publicDrop: sharedReads.share(({ slug }: { slug: string }) => getPublicDrop({ db, now, index, slug }), ({ slug }) => slug),
    /** The home page's drop: the one featured now, with its pieces. */
    featured: () => featured({}),
    /** The service clock the phases are read at (STORE_CLOCK_OFFSET honoured): a page's countdown starts from it. */
    now,
  };
}

export type DropsService = ReturnType<typeof createDropsService>;
