import type { Database } from "../../db/client";
import type { JobControl } from "../../jobs/job-control";
import type { Logger } from "../../logger";
import type { StoreInfo } from "../../mail/components/layout";
import type { Mailer } from "../../mail/mailer";
import type { UnsubscribeLinks } from "../../unsubscribe/unsubscribe-links";
import { dropPhase } from "../../../shared/drops";
import type { DropIndex } from "../drop-index";
import { inviteJobSchema } from "./early-access-schemas";
import { inviteEarlyAccess } from "./invite-early-access";
import { redeemEarlyAccess } from "./redeem-early-access";

export interface EarlyAccessDeps extends StoreInfo {
  db: Database;
  mailer: Mailer;
  logger: Logger;
  now: () => Date;
  unsubscribeLinks: UnsubscribeLinks;
  jobs: JobControl;
  index: DropIndex;
  passKey: () => Promise<Buffer>;
}

/** Early access (issue 48): at earlyAccessAt, a single-use link emailed once to each consenting subscriber; the link becomes an early pass. */
export function createEarlyAccessService(deps: EarlyAccessDeps) {
  const { jobs, logger, now, index } = deps;
  const invite = (data: unknown) => inviteEarlyAccess(deps, inviteJobSchema.parse(data));

  return {
    /**
     * The minute job: each drop in its early phase gets a send-early-access job whose singleton key is the drop (one
     * queued or running per drop in every process); it invites whoever subscribed since, too. Where no jobs run in
     * this process (tests, tools) the drops are done here, one after another.
     */
    async sweep(): Promise<number> {
      const at = now();
      const early = (await index.list()).filter((drop) => dropPhase(drop, at) === "early");
      for (const drop of early) {
        const job = { dropId: drop.id };
        if (!(await jobs.queue("send-early-access", job, `early-access:${drop.id}`))) await invite(job).catch((err) => logger.error({ err, dropId: drop.id }, "early access invitations failed"));
      }
      return early.length;
    },
    /** One drop's invitations, made and sent now (the send-early-access job); how many emails went out. */
    invite,
    redeem: ({ slug, token }: { slug: string; token: string }) => redeemEarlyAccess({ db: deps.db, now, index, passKey: deps.passKey, slug, token }),
  };
}

export type EarlyAccessService = ReturnType<typeof createEarlyAccessService>;
