import type { Metrics } from "../metrics/metrics";
import type { Mailer } from "./mailer";

/** The mailer, counting each message it handed over or failed to (the failure still reaches the caller). */
export function countedMailer(mailer: Mailer, metrics: Pick<Metrics, "emailSent" | "emailFailed">): Mailer {
  return {
    async send(message) {
      try {
        await mailer.send(message);
        metrics.emailSent();
      } catch (err) {
        metrics.emailFailed();
        throw err;
      }
    },
  };
}
