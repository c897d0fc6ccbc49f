import type { User } from "../accounts/user-types";
import type { AlertDeps } from "./alert-deps";
import { findShownDrop, isDropSoldOut } from "./alert-targets";
import { FIRST_DROP } from "../drops/seed-drops";
import { AppError } from "../errors";
import { sendStockAlerts } from "./send-alerts";
import { confirmAlert, subscribeToAlert, tidyAlerts } from "./subscribe-alert";

/**
 * Back-in-stock alerts bound to their dependencies. `kick` starts the sender without being waited for (a request that
 * put stock back answers at once); kicks while it runs fold into one more run, and failures are logged.
 */
export function createAlertService(deps: AlertDeps) {
  let running: Promise<void> | null = null;
  let again = false;

  function kick(): void {
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      do {
        again = false;
        await sendStockAlerts(deps);
      } while (again);
    })()
      .catch((err) => deps.logger.error({ err }, "back-in-stock alerts failed"))
      .finally(() => {
        running = null;
      });
  }

  return {
    subscribe: (args: { variantId: number; email: string; user: User | null; ip: string }) => subscribeToAlert({ ...deps, ...args }),
    /** A drop's waitlist (its slug; none: the first drop, as the SPEC's body `{}` always meant VSOP's). */
    joinWaitlist: async ({ drop = FIRST_DROP, ...args }: { drop?: string; email: string; user: User | null; ip: string }) => {
      const found = await findShownDrop(deps.db, drop, deps.now());
      if (!found) throw new AppError("not_found", `Drop '${drop}' not found`);
      return subscribeToAlert({ ...deps, ...args, variantId: null, drop: found });
    },
    /** The alert turns on; if its stock is already back, the email goes out now. */
    confirm: async (args: { token: string; ip: string }) => {
      const { message, variant, drop } = await confirmAlert({ ...deps, ...args });
      kick();
      return { message, link: variant ? `/product/${variant.productId}` : (drop?.path ?? "/") };
    },
    /** A drop's page offers its waitlist only when every piece of the drop is sold out (the drop's id; none: the first drop). */
    dropSoldOut: async ({ dropId }: { dropId?: number } = {}) => {
      const id = dropId ?? (await findShownDrop(deps.db, FIRST_DROP, deps.now()))?.id;
      return id !== undefined && (await isDropSoldOut(deps.db, id));
    },
    send: () => sendStockAlerts(deps),
    /** The minute sweep: expired sign-ups go, and anything back in stock is sent (whatever put it back). */
    sweep: async () => {
      await tidyAlerts(deps);
      return sendStockAlerts(deps);
    },
    kick,
    /** Wraps a service that can put stock back on sale: when it has finished, the sender is kicked. */
    afterStockChange:
      <A extends unknown[], R>(change: (...args: A) => Promise<R>) =>
      async (...args: A): Promise<R> => {
        const result = await change(...args);
        kick();
        return result;
      },
    /**
     * The same for a service that mostly takes stock (a checkout, a payment): the sender is kicked only when the call
     * put some back on sale (`returned`, asked once it has finished; undefined, unknown, kicks too).
     */
    afterStockReturned:
      <A extends unknown[], R>(change: (...args: A) => Promise<R>, returned: () => boolean | undefined) =>
      async (...args: A): Promise<R> => {
        try {
          return await change(...args);
        } finally {
          if (returned() !== false) kick();
        }
      },
    /** Resolves once kicked sends have finished (tests wait on it instead of sleeping). */
    settled: async () => {
      while (running) await running;
    },
  };
}

export type AlertService = ReturnType<typeof createAlertService>;
