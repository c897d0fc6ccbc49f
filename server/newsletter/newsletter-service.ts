import { limits, spendAttempt } from "../accounts/rate-limit";
import type { SubscribeInput } from "./newsletter-schemas";
import { type NewsletterDeps, subscribe } from "./subscribe";

/** The newsletter sign-up (the footer's form and the exit-intent offer). */
export function createNewsletterService(deps: NewsletterDeps) {
  return {
    /** Rate-limited per IP (30 an hour), since it writes for anonymous visitors. */
    subscribe: async ({ input, ip }: { input: SubscribeInput; ip: string }) => {
      await spendAttempt(deps.db, [limits.newsletterIp(ip)], deps.now);
      return subscribe({ ...deps, input });
    },
  };
}
