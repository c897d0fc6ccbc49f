import type { Database } from "../db/client";
import type { OrderRow } from "../db/schema";
import type { JobControl } from "../jobs/job-control";
import type { Logger } from "../logger";
import type { StoreInfo } from "../mail/components/layout";
import type { Mailer } from "../mail/mailer";
import type { Metrics } from "../metrics/metrics";
import type { CartOwner } from "../cart/cart-owner";
import type { SettingsService } from "../settings/settings-service";
import type { UnsubscribeLinks } from "../unsubscribe/unsubscribe-links";
import { dueSteps, findAbandoned } from "./find-abandoned";
import { noteRecovered } from "./note-recovered";
import { recoveryLinks } from "./recovery-links";
import { recoveryReport } from "./recovery-report";
import { abandonedAfterMinutes, type RecoverySettingsInput, recoverySettingsOf } from "./recovery-settings";
import { restoreCart } from "./restore-cart";
import { sendStep, stepJobSchema } from "./send-step";

export interface RecoveryDeps extends StoreInfo {
  db: Database;
  mailer: Mailer;
  logger: Logger;
  now: () => Date;
  settings: SettingsService;
  unsubscribeLinks: UnsubscribeLinks;
  jobs: JobControl;
  metrics: Metrics;
}

/** Checkout recovery emails (issue 31, decision 0037): finding left checkouts, each step's send, the links and the report. */
export function createRecoveryService(deps: RecoveryDeps) {
  const { db, now, jobs, metrics, logger } = deps;
  const links = recoveryLinks({ db, storeUrl: deps.storeUrl, now });
  const settings = async () => recoverySettingsOf(await deps.settings.get());
  const stepDeps = { ...deps, links, settings, counted: metrics.recoveryOutcome };
  const send = (data: unknown) => sendStep(stepDeps, stepJobSchema.parse(data));

  return {
    /**
     * The minute job: records checkouts left since the last run and queues each due step as a pg-boss job whose
     * singleton key is the checkout and step (one queued or running per step in every process). Where no jobs run
     * in this process (tests, tools) the steps are sent here, one after another.
     */
    async sweep(): Promise<number> {
      const s = await settings();
      const found = await findAbandoned({ db, now: now(), afterMinutes: abandonedAfterMinutes(s) });
      const due = await dueSteps({ db, now: now(), delays: s.delays });
      for (const step of due) {
        const queued = await jobs.queue("send-recovery-email", step, `${step.recoveryId}:${step.step}`);
        if (!queued) await send(step).catch((err) => logger.error({ err, ...step }, "recovery email failed"));
      }
      return found + due.length;
    },
    /** One step of one checkout, right now (the send-recovery-email job). */
    sendStep: async (data: unknown) => {
      await send(data);
    },
    restore: ({ token, owner }: { token: string; owner: CartOwner }) => restoreCart({ db, now: now(), links, token, owner }),
    /** After an order is paid: a restored cart's order recovers its checkout. */
    afterPaid: async (order: OrderRow) => {
      if (await noteRecovered({ db, order, now: now() })) metrics.recoveryRecovered();
    },
    report: (args: { days?: number } = {}) => recoveryReport({ db, now: now(), ...args }),
    settings: async () => {
      const s = await deps.settings.get();
      return { audience: s.recoveryAudience, firstDelayMinutes: s.recoveryFirstDelayMinutes, secondDelayMinutes: s.recoverySecondDelayMinutes, discountCode: s.recoveryDiscountCode };
    },
    saveSettings: async ({ input, actor }: { input: RecoverySettingsInput; actor: string }) => {
      const s = await deps.settings.setRecovery({ input, actor });
      return { audience: s.recoveryAudience, firstDelayMinutes: s.recoveryFirstDelayMinutes, secondDelayMinutes: s.recoverySecondDelayMinutes, discountCode: s.recoveryDiscountCode };
    },
  };
}

export type RecoveryService = ReturnType<typeof createRecoveryService>;
